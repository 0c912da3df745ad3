import BuiltInPlugins
import Testing

@testable import FeedPlugins

/// Which pages are one query (and so need no transaction on PostgreSQL): only a page that starts inside the
/// stream, is read whole, and can have no inserted or trailing rows after its stream rows.
@Suite struct PagePlanTests {
  static let cases: [(cursor: String?, limit: Int?, isOneQuery: Bool)] = [
    (nil, 20, false),  // the header comes first
    ("feed_item:30:30:30", 20, true),
    ("feed_item:30:30:30", nil, false),  // the whole rest of the feed streams in runs
    ("feed_item:30:30:30", 999, true),
    ("feed_item:30:30:30", 1_000, false),  // 1,001 stream rows wanted: more than a page read whole
    ("feed_item:1:1:1", 20, false),  // the order (inserted at 1) is still to come
    ("feed_item:2:2:2", 20, true),
    ("order:7:1:1", 20, false),  // resumes in the order's own rows, then the stream
    ("header:0:0:-", 20, false),
  ]

  @Test(arguments: cases)
  func aPageIsOneQueryOnlyInsideTheStreamWithNothingAfterIt(page: (cursor: String?, limit: Int?, isOneQuery: Bool))
    throws
  {
    let cursor = try page.cursor.map { try #require(FeedCursor($0)) }
    let plan = try PagePlan(registry: try .builtIn(), after: cursor)
    #expect(plan.isOneQuery(limit: page.limit) == page.isOneQuery)
  }

  @Test func aTrailingKindMakesEveryPageMoreThanOneQuery() throws {
    let registry = try PluginRegistry(PluginRegistry.builtInPlugins + [StubPlugin(kind: "footer")])
    let plan = try PagePlan(
      registry: registry, after: FeedCursor(kind: "feed_item", key: 30, streamCount: 30, streamKey: 30))
    #expect(!plan.isOneQuery(limit: 20))
  }
}
