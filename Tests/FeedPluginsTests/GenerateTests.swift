import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import Testing

@Suite struct GenerateTests {
  @Test func generatedItemsFollowTheExistingOnesWithFreshVersion4UUIDs() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    var reported: [Int] = []
    try FeedItemPlugin().generate(120_000, in: store.connection) { reported.append($0) }
    #expect(reported == [50_000, 100_000, 120_000])
    let count = try store.database.queryOne("SELECT count(*), min(position), max(position) FROM feed_item") {
      [try $0.int(at: 0), try $0.int(at: 1), try $0.int(at: 2)]
    }
    #expect(count == [120_006, 1, 120_006])
    let ids = try store.database.queryAll("SELECT id FROM feed_item WHERE position > 6 ORDER BY position LIMIT 1000") {
      try $0.string(at: 0)
    }
    let pattern = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/
    #expect(ids.allSatisfy { $0.wholeMatch(of: pattern) != nil })
    #expect(Set(ids).count == ids.count)
    let rows = try store.rows(limit: 9)
    #expect(
      rows.prefix(8).map(\.kind) == [
        "header", "feed_item", "order", "feed_item", "feed_item", "feed_item", "feed_item", "feed_item",
      ])
    #expect(rows[8].text("title") == "THE FUTURE IS FUNCTIONAL")
  }

  @Test func reseedingAfterGeneratingKeepsTheGeneratedItems() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    try FeedItemPlugin().generate(10, in: store.connection)
    let before = try store.dump()
    try store.seed(SeedFiles.referenceTexts)
    #expect(try store.dump() == before)
  }

  @Test func generatingIntoAnEmptyFeedStartsAtPositionOne() throws {
    let store = try TestStore()
    try FeedItemPlugin().generate(3, in: store.connection)
    let positions = try store.database.queryAll("SELECT position FROM feed_item ORDER BY position") {
      try $0.int(at: 0)
    }
    #expect(positions == [1, 2, 3])
  }
}
