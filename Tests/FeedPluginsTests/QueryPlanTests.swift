import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import SQLiteCore
import Testing

/// The queries behind `list` stay cheap at a million rows: every page is an index search by key (never OFFSET,
/// never a scan or a sort of a table), the latest order is found by its index, and loading an order with its
/// line items and products is one query however many lines it has (no N+1).
@Suite struct QueryPlanTests {
  /// A store with the reference seeds, `lines` extra products each on a line of one more recent order, and 50
  /// generated feed items.
  static func store(lines: Int) throws -> TestStore {
    let store = try TestStore()
    var files = SeedFiles.referenceTexts
    let products = (0..<lines).map { #"{"id": "p\#($0)", "title": "Product \#($0)", "image": "image-\#($0)"}"# }
    let items = (0..<lines).map { #"{"product": "p\#($0)", "quantity": 1}"# }
    files["products.json"] = "[" + products.joined(separator: ", ") + "]"
    files["orders.json"] = #"""
      [{"id": "big", "status": "shipped", "orderedAt": "2030-01-01T00:00:00Z", "items": [\#(items.joined(separator: ", "))]}]
      """#
    try store.seed(files)
    try FeedItemPlugin().generate(50, in: store.connection)
    return store
  }

  /// The statements one `compose` runs, with the number of rows it emitted.
  static func statements(_ store: TestStore, after cursor: FeedCursor?, limit: Int?) throws -> (Int, [String]) {
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: RowContext(timeZone: TimeZone.gmt))
    var rows = 0
    let (_, statements) = try store.database.recordingStatements {
      try composer.compose(after: cursor, limit: limit) { _ in rows += 1 }
    }
    return (rows, statements)
  }

  @Test(arguments: [nil, FeedCursor("feed_item:30:30:30")], [nil, 20])
  func everyQueryOfAPageSearchesAnIndexAndNoneScansOrSortsATable(cursor: FeedCursor?, limit: Int?) throws {
    let store = try Self.store(lines: 3)
    let (rows, statements) = try Self.statements(store, after: cursor, limit: limit)
    #expect(rows > 0)
    let queries = statements.filter { $0.hasPrefix("SELECT") || $0.hasPrefix("WITH") }
    // First page: profile, the feed page (read whole: it is bounded by the limit), latest order; the whole feed:
    // profile, the feed up to the order, latest order, the rest of the feed (it streams, and no query runs while
    // another's rows are read); a later page: the feed.
    #expect(queries.count == (cursor != nil ? 1 : limit == nil ? 4 : 3))
    for query in queries {
      #expect(!query.uppercased().contains("OFFSET"))
      let plan = try store.database.queryPlan(query)
      let scans = plan.filter { $0.hasPrefix("SCAN") && !$0.contains("USING") && !$0.hasPrefix("SCAN latest") }
      #expect(scans.isEmpty, "\(query): \(plan)")
      // The only sort allowed is of the latest order's own lines (a handful of rows, never a table).
      let sorts = plan.filter { $0.contains("TEMP B-TREE") }
      #expect(sorts.isEmpty || (query.contains("FROM latest") && sorts == ["USE TEMP B-TREE FOR ORDER BY"]))
    }
  }

  @Test func theFeedPageIsAKeySearchOnThePositionIndex() throws {
    let store = try Self.store(lines: 1)
    let (_, statements) = try Self.statements(store, after: FeedCursor("feed_item:30:30:30"), limit: 20)
    let page = try #require(statements.first { $0.contains("FROM feed_item") })
    #expect(try store.database.queryPlan(page) == ["SEARCH feed_item USING INDEX feed_item_position (position>?)"])
  }

  @Test func theLatestOrderIsReadFromItsIndexAndItsLinesAndProductsByKey() throws {
    let store = try Self.store(lines: 1)
    let (_, statements) = try Self.statements(store, after: nil, limit: 5)
    let latest = try #require(statements.first { $0.contains("FROM orders") })
    let plan = try store.database.queryPlan(latest)
    #expect(
      plan.contains { $0.hasPrefix("SEARCH orders USING") && $0.contains("orders_user_latest (user_id=?)") }, "\(plan)")
    #expect(plan.contains { $0.hasPrefix("SEARCH line_item USING PRIMARY KEY (order_id=?)") }, "\(plan)")
    #expect(plan.contains { $0.hasPrefix("SEARCH product USING INDEX sqlite_autoindex_product_1 (id=?)") }, "\(plan)")
  }

  @Test(arguments: [1, 40])
  func loadingTheOrderWithItsLinesAndProductsIsOneQueryWhateverTheLineCount(lines: Int) throws {
    let store = try Self.store(lines: lines)
    var gallery: [String] = []
    let (_, statements) = try store.database.recordingStatements {
      let context = RowContext(timeZone: TimeZone.gmt)
      try OrderPlugin().loadModels(from: store.connection, after: nil, limit: nil, context: context) { _, order in
        gallery = order.items.map(\.product.image)
      }
    }
    #expect(gallery == (0..<lines).map { "image-\($0)" })
    #expect(statements.count == 1)
  }
}
