import FeedModels
import FeedViewModels
import Foundation
import Testing

@Suite struct FeedCompositionTests {
  @Test(arguments: [
    ("H", "", "O", "H O"),
    ("H", "a", "O", "H a O"),
    ("H", "a b", "O", "H a O b"),
    ("H", "a b c d", "O", "H a O b c d"),
    ("", "a b c", "O", "a O b c"),
    ("H", "a b c", "", "H a b c"),
    ("", "", "", ""),
    ("H", "", "", "H"),
    ("", "", "O", "O"),
  ])
  func headerFirstThenItemsWithTheOrderAtIndexOne(header: String, items: String, order: String, expected: String) {
    let rows = FeedComposition.rows(
      header: header.isEmpty ? nil : header, items: items.split(separator: " ").map(String.init),
      order: order.isEmpty ? nil : order)
    #expect(rows.joined(separator: " ") == expected)
  }

  @Test func streamingNeverCollectsTheItems() {
    var count = 0
    var orderAt = -1
    FeedComposition.compose(header: -1, items: 0..<1_000_000, order: -2) { row in
      if row == -2 { orderAt = count }
      count += 1
    }
    #expect(count == 1_000_002)
    #expect(orderAt == 2)
  }

  @Test(arguments: [-1, 3, 100])
  func lookingUpOutsideTheRangeGivesNothing(index: Int) {
    #expect(FeedComposition.row(at: index, in: ["H", "a", "O"]) == nil)
  }

  @Test func lookingUpInsideTheRangeGivesTheRow() {
    #expect(FeedComposition.row(at: 2, in: ["H", "a", "O"]) == "O")
  }
}
