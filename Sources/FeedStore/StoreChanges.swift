import SQLCore

/// The store's change counter: the one row of `store_changes` (core migration `0009_account_changes`), moved on
/// once by every write transaction that can change what a feed shows (``StoreConnection/write(_:)``) and by no
/// bookkeeping (``StoreConnection/bookkeepingWrite(_:)``): to the version of the write's last change in the change
/// log (``ChangeLog``), or by one when it logged none. A server reads it when its connection finds the database
/// changed: the same value means the commits since its previous read were bookkeeping, and every connection that
/// sees one commit reads one value (docs/STORAGE.md, "The answer memo").
public enum StoreChanges {
  /// The newest version taken, inside `db`'s write transaction: the counter, or the change log's newest version
  /// when the transaction logged changes (the counter moves to it when the transaction ends). On PostgreSQL it
  /// locks the counter's row until the transaction ends (`FOR UPDATE`), so versions are taken by one writer at a
  /// time; on SQLite the write transaction holds the file.
  static func newest(in db: StoreConnection) throws -> UInt64 {
    let newest = try db.queryOne(db.dialect == .postgres ? SQL.newestLocking : SQL.newest, []) { try $0.int64(at: 0) }
    return UInt64(clamping: newest ?? 0)
  }

  /// Moves the counter on once, at the end of `db`'s write transaction, to the change log's newest version when the
  /// transaction logged changes, else by one; its new value. On PostgreSQL one statement (`RETURNING`: one round
  /// trip); on SQLite the update and a read of the row, which together cost about half of SQLite's `RETURNING`
  /// (it runs the update's output through a temporary table: some 30,000 instructions more, docs/BENCHMARKS.md
  /// "Per-request budgets").
  static func move(in db: StoreConnection) throws -> UInt64 {
    switch db.dialect {
    case .postgres:
      return UInt64(clamping: try db.queryOne(SQL.movePostgres, []) { try $0.int64(at: 0) } ?? 0)
    case .sqlite:
      try db.execute(SQL.moveSQLite, [])
      return try Self.count(in: db)
    }
  }

  enum SQL {
    /// The change log's newest version, 0 when it is empty: its primary key's last entry.
    static let logged = "(SELECT coalesce(max(version), 0) FROM change_log)"
    static let newest = "SELECT max(n, \(logged)) FROM store_changes"
    static let newestLocking = "SELECT greatest(n, \(logged)) FROM store_changes FOR UPDATE"
    static let moveSQLite = "UPDATE store_changes SET n = max(n + 1, \(logged))"
    static let movePostgres = "UPDATE store_changes SET n = greatest(n + 1, \(logged)) RETURNING n"
  }

  /// The counter's value in `db`'s snapshot.
  public static func count(in db: StoreConnection) throws -> UInt64 {
    UInt64(clamping: try db.queryOne(counting.sql, counting.arguments) { try $0.int64(at: 0) } ?? 0)
  }

  /// The statement ``count(in:)`` runs, to send ahead (``StoreConnection/sendAhead(_:)``).
  public static let counting = SQLQuery("SELECT n FROM store_changes")
}
