import SQLCore

/// The store's change counter: the one row of `store_changes` (core migration `0009_account_changes`), moved on
/// by every write transaction that can change what a feed shows (``StoreConnection/write(_:)``) and by no
/// bookkeeping (``StoreConnection/bookkeepingWrite(_:)``). A server reads it when its connection finds the
/// database changed: the same value means the commits since its previous read were bookkeeping, and every
/// connection that sees one commit reads one value (docs/STORAGE.md, "The answer memo").
public enum StoreChanges {
  /// Moves the counter on by `count` (at least 1), inside `db`'s write transaction; its new value. On PostgreSQL
  /// one statement (`RETURNING`: one round trip); on SQLite the update and a read of the row, which together cost
  /// about half of SQLite's `RETURNING` (it runs the update's output through a temporary table: some 30,000
  /// instructions more, docs/BENCHMARKS.md "Per-request budgets").
  static func bump(by count: Int = 1, in db: StoreConnection) throws -> UInt64 {
    switch db.dialect {
    case .postgres:
      let moved = try db.queryOne("UPDATE store_changes SET n = n + $1 RETURNING n", [.integer(Int64(count))]) {
        try $0.int64(at: 0)
      }
      return UInt64(clamping: moved ?? 0)
    case .sqlite:
      try db.execute("UPDATE store_changes SET n = n + $1", [.integer(Int64(count))])
      return try Self.count(in: db)
    }
  }

  /// The counter's value in `db`'s snapshot.
  public static func count(in db: StoreConnection) throws -> UInt64 {
    UInt64(clamping: try db.queryOne(counting.sql, counting.arguments) { try $0.int64(at: 0) } ?? 0)
  }

  /// The statement ``count(in:)`` runs, to send ahead (``StoreConnection/sendAhead(_:)``).
  public static let counting = SQLQuery("SELECT n FROM store_changes")
}
