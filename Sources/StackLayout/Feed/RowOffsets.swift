/// The heights of a feed's rows and where each row starts, kept in a sum tree: changing one row's
/// height and reading any row's offset each cost O(log n), so a change moves the rows after it as
/// data, without touching them.
///
/// Leaves hold the heights (padded with zeros to a power of two); every inner node is the sum of
/// its two children, always recomputed from them (never adjusted by a difference), so the sums
/// after any sequence of changes are exactly those of a tree built from the final heights.
struct RowOffsets: Sendable, Equatable {
  /// `sums[leaves + i]` is row i's height; `sums[i]` is `sums[2i] + sums[2i + 1]`; `sums[0]` is unused.
  private var sums: [Double]
  /// The number of leaves: the smallest power of two ≥ the row count (at least 1).
  private let leaves: Int
  /// The number of rows.
  let count: Int

  /// The offsets of rows of these heights, stacked from 0.
  init(heights: [Double]) {
    count = heights.count
    var leaves = 1
    while leaves < heights.count { leaves *= 2 }
    self.leaves = leaves
    sums = Array(repeating: 0, count: 2 * leaves)
    for (row, height) in heights.enumerated() { sums[leaves + row] = height }
    for node in stride(from: leaves - 1, through: 1, by: -1) { sums[node] = sums[2 * node] + sums[2 * node + 1] }
  }

  /// Row `row`'s height.
  func height(of row: Int) -> Double { sums[leaves + row] }

  /// Sets row `row`'s height and the sums above it.
  mutating func setHeight(_ height: Double, of row: Int) {
    var node = leaves + row
    sums[node] = height
    while node > 1 {
      node /= 2
      sums[node] = sums[2 * node] + sums[2 * node + 1]
    }
  }

  /// The sum of the heights of the rows before `row` (`row` may be `count`: the total).
  func offset(of row: Int) -> Double {
    var total = 0.0
    var node = 1
    var first = 0  // the first row under `node`
    var width = leaves  // rows under `node`
    while node < leaves, row > first {
      width /= 2
      if row >= first + width {
        total += sums[2 * node]
        node = 2 * node + 1
        first += width
      } else {
        node = 2 * node
      }
    }
    return node >= leaves && row > first ? total + sums[node] : total
  }

  /// The sum of every row's height.
  var total: Double { sums[1] }

  /// The row whose extent `offset(of: row) ..< offset(of: row + 1)` holds `y`; nil above the
  /// first row or below the last one. The sums are added in the order `offset(of:)` adds them,
  /// so the two agree exactly at row boundaries.
  func row(containing y: Double) -> Int? {
    guard count > 0, y >= 0, y < total else { return nil }
    var node = 1
    var start = 0.0  // the offset of the first row under `node`
    while node < leaves {
      let middle = start + sums[2 * node]
      if y < middle {
        node = 2 * node
      } else {
        start = middle
        node = 2 * node + 1
      }
    }
    return min(node - leaves, count - 1)
  }
}
