import FeedPlugins
import FeedStore
import Foundation
import Testing

@Suite struct PagingTests {
  /// The pages of `limit` rows the composer gives, following its cursors to the end. Bounded by the rows the
  /// whole feed has: a cursor that does not move on (a page repeating its boundary row) fails the test after
  /// one page more than those rows can fill, instead of looping until the machine runs out of memory.
  static func pages(of store: TestStore, limit: Int) throws -> [[String]] {
    let pageCount = (try store.rows().count + limit - 1) / limit
    var pages: [[String]] = []
    var cursor: FeedCursor?
    repeat {
      guard pages.count <= pageCount else {
        throw PagingDidNotEnd(pages: pages.count, expected: pageCount, cursor: cursor)
      }
      var page: [String] = []
      let context = RowContext(timeZone: TimeZone.gmt)
      cursor = try FeedComposer(registry: store.registry, database: store.connection, context: context)
        .compose(after: cursor, limit: limit) { page.append($0.summary) }
      pages.append(page)
    } while cursor != nil
    return pages
  }

  /// Paging went on past the pages the feed's rows fill.
  struct PagingDidNotEnd: Error, CustomStringConvertible {
    let pages: Int
    let expected: Int
    let cursor: FeedCursor?
    var description: String {
      "paging did not end after \(pages) pages (the rows fill \(expected)); the last cursor: \(cursor.map(String.init(describing:)) ?? "none")"
    }
  }

  @Test(arguments: [RowPlacement.inserted(at: 3), .inserted(at: 0), .inserted(at: 50), .leading, .trailing], 1...11)
  func pagingThroughTheComposedFeedGivesEveryRowOnceInOrder(placement: RowPlacement, limit: Int) throws {
    let store = try PromoPluginTests.promoStore(placement)
    let all = try store.rows().map(\.summary)
    let pages = try Self.pages(of: store, limit: limit)
    #expect(Array(pages.joined()) == all)
    #expect(pages.dropLast().allSatisfy { $0.count == limit })
    #expect(pages.last.map { (1...limit).contains($0.count) } == true)
  }

  @Test(arguments: 1...4)
  func pagingWorksWithoutFeedItems(limit: Int) throws {
    let store = try TestStore()
    var files = SeedFiles.referenceTexts
    files["feed_items.json"] = "[]"
    try store.seed(files)
    let all = try store.rows().map(\.summary)
    #expect(Array(try Self.pages(of: store, limit: limit).joined()) == all)
  }

  @Test func aFullPageAtTheEndHasNoNextCursor() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    #expect(try Self.pages(of: store, limit: 8).map(\.count) == [8])
    #expect(try Self.pages(of: store, limit: 4).map(\.count) == [4, 4])
  }

  @Test func cursorsNameTheLastRowAndRoundTripAsText() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: RowContext(timeZone: TimeZone.gmt))
    let afterHeader = try composer.compose(after: nil, limit: 1) { _ in }
    #expect(afterHeader?.description == "header:0:0:-")
    let afterOrder = try composer.compose(after: nil, limit: 3) { _ in }
    #expect(afterOrder?.description == "order:0:1:1")
    #expect(
      FeedCursor("feed_item:734:700:734") == FeedCursor(kind: "feed_item", key: 734, streamCount: 700, streamKey: 734))
  }

  @Test(arguments: [
    "", "x", "feed_item:1:1", "feed_item:a:1:1", "feed_item:1:-1:1", "feed item:1:1:1", "a:1:1:1:1", ":1:1:1",
    "feed_item:1:1:", "feed_item::1:1", "feed_item:1:1:x", "feed_ítem:1:1:1", "ｆeed:1:1:1", "feed_item:1:1:1\u{301}",
    "feed_item:\u{301}1:1:1", "feed_item:9223372036854775808:1:1", "feed_item:1:1:--", "feed_item:1:1: 1",
    "feed_item:-:1:1", "feed_item:+:1:1", "feed_item:1:1:+-1", "feed_item:-9223372036854775809:1:1",
    "feed_item:1:9223372036854775808:1", "feed_item:1:1:1:", "feed_item:1:1:-:", "feed_item:1:1:-\u{301}",
  ])
  func malformedCursorsAreRejected(text: String) {
    #expect(FeedCursor(text) == nil)
  }

  @Test(arguments: [
    ("feed_item:-3:0:-", FeedCursor(kind: "feed_item", key: -3, streamCount: 0, streamKey: nil)),
    ("Promo-2_b:+7:12:-9", FeedCursor(kind: "Promo-2_b", key: 7, streamCount: 12, streamKey: -9)),
    (
      "order:9223372036854775807:1:9223372036854775807",
      FeedCursor(kind: "order", key: .max, streamCount: 1, streamKey: .max)
    ),
  ])
  func cursorsAreRead(text: String, cursor: FeedCursor) {
    #expect(FeedCursor(text) == cursor)
  }

  /// A cursor's numbers are read as `Int64.init(_:)` reads them.
  @Test(arguments: [
    "0", "-0", "+0", "007", "-9223372036854775808", "9223372036854775807", "-9223372036854775809",
    "9223372036854775808", "99999999999999999999", "+", "-", "", "1a", "a1", "١", "+-1", "--1", "1 ", " 1", "0x1",
  ])
  func cursorNumbersAreReadAsInt64Reads(number: String) {
    let key = Int64(number)
    let cursor = FeedCursor("feed_item:\(number):0:\(number)")
    #expect(cursor?.key == key)
    #expect(cursor?.streamKey == key)
    #expect(FeedCursor("feed_item:0:\(number):-")?.streamCount == key.flatMap { $0 >= 0 ? Int($0) : nil })
  }

  @Test func aCursorOfAnUnknownKindIsAnError() throws {
    let store = try TestStore()
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: RowContext(timeZone: TimeZone.gmt))
    #expect(throws: FeedCursorError.self) {
      try composer.compose(after: FeedCursor(kind: "promo", key: 0, streamCount: 0, streamKey: nil), limit: 5) { _ in }
    }
  }

  @Test func pagesAreReadByPositionOnTheIndexNotByOffset() throws {
    let store = try TestStore()
    let plan = try store.database.queryAll(
      "EXPLAIN QUERY PLAN SELECT id, title, subtitle, tag, image, position FROM feed_item WHERE position > ? ORDER BY position LIMIT ?",
      [.integer(5), .integer(20)]
    ) { try $0.string(at: 3) }
    #expect(plan.contains { $0.contains("USING INDEX feed_item_position (position>?)") })
    let latest = try store.database.queryAll(
      "EXPLAIN QUERY PLAN SELECT id FROM orders WHERE user_id = 'default' ORDER BY ordered_at DESC, id DESC LIMIT 1"
    ) { try $0.string(at: 3) }
    #expect(latest.contains { $0.contains("USING") && $0.contains("orders_user_latest (user_id=?)") })
  }
}
