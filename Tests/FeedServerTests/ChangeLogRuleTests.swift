import FeedStore
import SQLCore
import StackfeedTestSupport
import Testing

/// The change log's table keeps its rule on both backends (migrations `0011_account_change_log` and, on SQLite,
/// `0013_account_change_log_check`, which writes `op IN (…)` as comparisons): `op` one of four and never NULL, and
/// a row names a kind and an id exactly when it is not a reload.
@Suite("Change log: the table's rule")
struct ChangeLogRuleTests {
  static let rows: [(op: String?, kind: String?, id: String?, allowed: Bool)] = [
    ("insert", "order", "o1", true),
    ("update", "feed_item", "f1", true),
    ("delete", "product", "p1", true),
    ("reload", nil, nil, true),
    ("upsert", "order", "o1", false),
    ("INSERT", "order", "o1", false),
    ("", "order", "o1", false),
    (nil, "order", "o1", false),
    ("reload", "order", "o1", false),
    ("insert", nil, nil, false),
    ("insert", "order", nil, false),
  ]

  @Test("each row is stored or refused as the rule says", arguments: Backend.available)
  func theRuleHolds(backend: Backend) throws {
    let test = try TestAPI(backend)
    let db = try ChangeLogTests.connection(test)
    for (number, row) in Self.rows.enumerated() {
      let version = Int64(1_000_000 + number)
      let stored =
        (try? db.write {
          try db.execute(
            "INSERT INTO change_log (version, op, kind, id, audience, at) VALUES ($1, $2, $3, $4, NULL, 0)",
            [.integer(version), SQLValue(row.op), SQLValue(row.kind), SQLValue(row.id)])
        }) != nil
      #expect(stored == row.allowed, "\(row)")
    }
  }
}
