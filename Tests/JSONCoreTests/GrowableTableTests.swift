import Testing

@testable import JSONCore

/// The one hand-grown buffer (kept because it pays, docs/BENCHMARKS.md "Unsafe code, measured"): pushes across
/// every growth boundary, pops, refills larger and smaller than the memory, and in-place writes keep every value;
/// an index out of range traps.
@Suite struct GrowableTableTests {
  /// A 32-byte plain value, as the layout pass's frames are.
  struct Rect: BitwiseCopyable, Equatable {
    var x: Double, y: Double, width: Double, height: Double
    static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
  }

  /// Pushes 0, 1, 2, … one at a time from `capacity` (growing at each power of two), popping back now and
  /// then; the table always holds exactly what an array kept the same way holds.
  @Test(arguments: [0, 1, 2, 3, 7, 8, 9, 16])
  func pushesAndPopsAcrossEveryGrowthBoundaryKeepEveryValue(capacity: Int) {
    var table = GrowableTable<Double>(capacity: capacity)
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

  /// Filtered appends of every length up to 20, from every small capacity: the table grows once for the whole
  /// input when it might not fit, and keeps exactly the accepted values in order.
  @Test(arguments: [1, 2, 3, 8, 9])
  func filteredAppendsAcrossGrowthBoundariesKeepTheAcceptedValues(capacity: Int) {
    var table = GrowableTable<UInt8>(capacity: capacity)
    var expected: [UInt8] = []
    for length in 0...20 {
      let values = (0..<length).map { UInt8(($0 * 7 + length) % 11) }
      values.withUnsafeBufferPointer { table.append(contentsOf: $0) { $0 % 3 != 0 } }
      expected += values.filter { $0 % 3 != 0 }
      #expect(table.count == expected.count)
    }
    #expect(table.elements == expected)
  }

  /// A refill to more elements than the memory holds reallocates; a smaller one reuses it; zero empties it.
  /// Every element is the fill value, whatever the table held before.
  @Test(arguments: [(4, [0, 3, 4, 5, 17, 2, 0, 9])])
  func refillsOfEverySizeHoldOnlyTheFillValue(capacity: Int, counts: [Int]) {
    var table = GrowableTable<Rect>(capacity: capacity)
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
    var table = GrowableTable(repeating: Rect.zero, count: 3)
    table[1].x = 5
    table[2].height += 7
    #expect(table[0] == .zero)
    #expect(table[1] == Rect(x: 5, y: 0, width: 0, height: 0))
    #expect(table[2] == Rect(x: 0, y: 0, width: 0, height: 7))
    #expect(table.count == 3)
  }

  /// Pieces copied in one go and runs of one value, across every growth boundary from small capacities.
  @Test(arguments: [1, 2, 7, 8, 9, 16])
  func bulkAppendsAcrossEveryGrowthBoundaryKeepEveryValue(capacity: Int) {
    var table = GrowableTable<UInt8>(capacity: capacity)
    var expected: [UInt8] = []
    for size in [0, 1, 7, 8, 9, 15, 16, 17, 33, 100, 0, 257] {
      let piece = (0..<size).map { UInt8(truncatingIfNeeded: expected.count + $0) }
      piece.withUnsafeBufferPointer { table.append(contentsOf: $0) }
      table.append(repeating: UInt8(truncatingIfNeeded: size), count: size % 5)
      expected += piece + Array(repeating: UInt8(truncatingIfNeeded: size), count: size % 5)
      #expect(table.count == expected.count)
    }
    #expect(table.elements == expected)
  }

  /// A word's low bytes stored at once, at every free room from none to more than a word, at every count of
  /// bytes kept: the bytes kept are the word's lowest, in order, and the store past them leaves nothing behind.
  @Test(arguments: [1, 2, 7, 8, 9, 16])
  func wordsAppendedAcrossEveryGrowthBoundaryKeepTheirLowBytes(capacity: Int) {
    var table = GrowableTable<UInt8>(capacity: capacity)
    var expected: [UInt8] = []
    for round in 0..<40 {
      let word = UInt64(0x0807_0605_0403_0201) &* UInt64(round + 1)
      let kept = round % 9
      table.append(lowBytesOf: word, count: kept)
      expected += (0..<kept).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) }
      #expect(table.count == expected.count)
    }
    #expect(table.elements == expected)
  }

  /// Every word of a table, from every index that leaves eight elements: its first element the lowest byte.
  @Test func wordsAreTheirEightBytesLowestFirst() {
    var table = GrowableTable<UInt8>(capacity: 1)
    for value in 0..<40 { table.append(UInt8(truncatingIfNeeded: value &* 37 &+ 5)) }
    for index in 0...(table.count - 8) {
      let expected = (0..<8).reduce(UInt64(0)) { $0 | UInt64(table[index + $1]) << UInt64(8 * $1) }
      #expect(table.word(at: index) == expected, "at \(index)")
    }
  }

  @Test func anIndexPastTheEndTraps() async {
    await #expect(processExitsWith: .failure) {
      let table = GrowableTable(repeating: 1.0, count: 3)
      _ = table[3]
    }
    await #expect(processExitsWith: .failure) {
      let table = GrowableTable(repeating: UInt8(1), count: 9)
      _ = table.firstIndex(from: 10) { _ in true }
    }
    await #expect(processExitsWith: .failure) {
      var table = GrowableTable(repeating: 1.0, count: 3)
      table.pop(to: 4)
    }
    await #expect(processExitsWith: .failure) {
      var table = GrowableTable<UInt8>(capacity: 16)
      table.append(lowBytesOf: 0, count: 9)
    }
    await #expect(processExitsWith: .failure) {
      let table = GrowableTable(repeating: UInt8(1), count: 9)
      _ = table.word(at: 2)
    }
  }
}
