/// The SQL a backend speaks: where the same statement cannot serve both, a plugin or a migration states it once
/// per dialect and the store picks the one of its connection.
///
///     let sql = db.dialect == .postgres ? "… IS DISTINCT FROM …" : "… IS NOT …"
public enum SQLDialect: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// SQLite 3 (the embedded default store).
  case sqlite
  /// PostgreSQL (a shared database server).
  case postgres

  /// The engine's name as people write it: `SQLite`, `PostgreSQL`.
  public var description: String {
    switch self {
    case .sqlite: return "SQLite"
    case .postgres: return "PostgreSQL"
    }
  }

  /// The clause that ends a `SELECT` reading rows of `table` that the transaction is about to change, or (when
  /// `shared`) relies on: it locks them until the transaction ends, so that what was read is still what the
  /// transaction sees when it commits — no other transaction changes them in between; shared locks let other
  /// readers that lock them too go on. ` FOR UPDATE OF table` (` FOR SHARE OF table`) on PostgreSQL, whose
  /// writers run at once; nothing on SQLite, whose write transaction (`BEGIN IMMEDIATE`) already excludes every
  /// other writer. Only in a write transaction (PostgreSQL refuses it in a read-only one).
  ///
  ///     "SELECT title FROM feed_item WHERE id = $1" + db.dialect.locking(table: "feed_item")
  public func locking(table: String, shared: Bool = false) -> String {
    switch self {
    case .sqlite: return ""
    case .postgres: return " FOR \(shared ? "SHARE" : "UPDATE") OF \(table)"
    }
  }
}
