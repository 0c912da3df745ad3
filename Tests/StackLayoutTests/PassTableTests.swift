import Testing

@testable import StackLayout

/// The layout pass's hand-allocated tables (kept because they pay, docs/BENCHMARKS.md): pushes across every
/// growth boundary, pops, refills larger and smaller than the memory, and in-place writes keep every value.
@Suite struct PassTableTests {
  /// Pushes 0, 1, 2, … one at a time from `capacity` (growing at each power of two), popping back now and
  /// then; the table always holds exactly what an array kept the same way holds.
  @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 16])
  func pushesAndPopsAcrossEveryGrowthBoundaryKeepEveryValue(capacity: Int) {
    var table = PassTable<Double>(capacity: capacity)
    var expected: [Double] = []
    for step in 0..<100 {
      table.append(Double(step))
      expected.append(Double(step))
      if step % 9 == 8 {
        let kept = expected.count - 3
        table.pop(to: kept)
        expected.removeLast(3)
      }
      #expect(table.count == expected.count)
    }
    #expect(table.elements == expected)
    table.pop(to: 0)
    #expect(table.count == 0)
    #expect(table.elements.isEmpty)
  }

  /// A refill to more elements than the memory holds reallocates; a smaller one reuses it; zero empties it.
  /// Every element is the fill value, whatever the table held before.
  @Test(arguments: [(4, [0, 3, 4, 5, 17, 2, 0, 9])])
  func refillsOfEverySizeHoldOnlyTheFillValue(capacity: Int, counts: [Int]) {
    var table = PassTable<Rect>(capacity: capacity)
    for (round, count) in counts.enumerated() {
      let fill = Rect(x: Double(round), y: 1, width: 2, height: 3)
      table.refill(with: fill, count: count)
      #expect(table.elements == Array(repeating: fill, count: count))
      for index in 0..<count { table[index].width = Double(index) }
      #expect(table.elements.map(\.width) == (0..<count).map(Double.init))
    }
  }

  /// In-place writes through the subscript change one field of one element and nothing else.
  @Test func inPlaceWritesChangeOnlyTheirField() {
    var table = PassTable(repeating: Rect.zero, count: 3)
    table[1].x = 5
    table[2].height += 7
    #expect(table[0] == .zero)
    #expect(table[1] == Rect(x: 5, y: 0, width: 0, height: 0))
    #expect(table[2] == Rect(x: 0, y: 0, width: 0, height: 7))
    #expect(table.count == 3)
  }
}
