import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import JSONCore
import SQLCore
import StackfeedTestSupport
import Testing

/// A page written as JSON straight from the database (``FeedComposer/compose(after:limit:writing:to:)``: the feed
/// items' texts read in place and formatted into the page) is byte for byte the page of the composed rows written by
/// ``JSONRowWriter/write(_:to:)``, with the same cursors, on both backends.
@Suite struct JSONPageTests {
  /// Feed items whose texts need escapes, upper-case into other lengths, are empty or absent.
  static let items: [(id: String, title: String, subtitle: String?, tag: String?, image: String?)] = [
    ("q\"1", "Say \"hi\" \\ now\n\t\u{1}", "a \"b\"\u{1f}", "new \\ tag", "img\"x"),
    ("u2", "Große Straße ǆ ﬁ", "Crème brûlée 🔥", "ŉ tag", "café"),
    ("e3", "", "", "", ""),
    ("n4", "plain ascii title long enough", nil, nil, nil),
    ("l5", String(repeating: "long title ", count: 40), String(repeating: "é", count: 300), "x", "y"),
  ]

  static func store(_ backend: Backend) throws -> BackendStore {
    let store = try BackendStore(backend)
    try store.seed(SeedFiles.referenceTexts)
    for (offset, item) in items.enumerated() {
      try store.connection.execute(
        "INSERT INTO feed_item (id, title, subtitle, tag, image, position) VALUES ($1, $2, $3, $4, $5, $6)",
        [
          .text(item.id), .text(item.title), SQLValue(item.subtitle), SQLValue(item.tag), SQLValue(item.image),
          .integer(Int64(100 + offset)),
        ])
    }
    if backend == .sqlite {
      // Invalid UTF-8 stored as TEXT: read as string(at:) reads it, U+FFFD for each bad byte.
      try store.connection.execute(
        "INSERT INTO feed_item (id, title, subtitle, tag, image, position) VALUES "
          + "('bad', CAST(X'41FF62' AS TEXT), CAST(X'C3' AS TEXT), CAST(X'E282' AS TEXT), 'ok', 200)", [])
    }
    return store
  }

  @Test(arguments: Backend.available, [1, 2, 3, 5, 20])
  func pagesWrittenFromTheDatabaseAreTheRowsPages(backend: Backend, limit: Int) throws {
    let store = try Self.store(backend)
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: RowContext(timeZone: TimeZone.gmt))
    for style in [JSONStyle.compact, .indented] {
      var cursor: FeedCursor?
      var pages = 0
      repeat {
        var rowsWriter = JSONRowWriter(style: style)
        var fromRows = ByteBuffer(capacity: 64)
        let rowsNext = try composer.compose(after: cursor, limit: limit) { rowsWriter.write($0, to: &fromRows) }
        rowsWriter.finish(next: rowsNext, to: &fromRows)
        var writer = JSONRowWriter(style: style)
        var written = ByteBuffer(capacity: 64)
        let next = try composer.compose(after: cursor, limit: limit, writing: &writer, to: &written)
        writer.finish(next: next, to: &written)
        #expect(written.text == fromRows.text, "after \(cursor?.description ?? "-")")
        #expect(next == rowsNext)
        cursor = next
        pages += 1
      } while cursor != nil && pages < 100
      #expect(cursor == nil)
    }
  }

  @Test(arguments: Backend.available)
  func aColumnTextIsRefusedWhereTheRowsStringIs(backend: Backend) throws {
    let store = try BackendStore(backend)
    try store.connection.query("SELECT 7, NULL, 'x', ''", []) { (row: StoreRow) throws in
      func failure(_ read: () throws -> Any?) -> String? {
        do {
          _ = try read()
          return nil
        } catch {
          return "\(error)"
        }
      }
      #expect(failure { try ColumnText(row, at: 0) } == failure { try row.string(at: 0) })
      #expect(failure { try ColumnText(row, at: 0) } != nil)
      #expect(failure { try ColumnText(optional: row, at: 0) } == failure { try row.optionalString(at: 0) })
      #expect(failure { try ColumnText(row, at: 1) } == failure { try row.string(at: 1) })
      let null = try ColumnText(optional: row, at: 1)
      let text = try ColumnText(row, at: 2)
      let empty = try ColumnText(row, at: 3)
      #expect(null == nil)
      #expect(!text.isEmpty)
      #expect(empty.isEmpty)
    }
  }
}
