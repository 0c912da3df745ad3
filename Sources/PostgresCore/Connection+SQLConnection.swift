import SQLCore

/// `Connection` is the PostgreSQL backend of the store (`SQLCore`'s backend-neutral interface), as SQLiteCore's
/// `Database` is the SQLite one: the migrator, the seeder and the row plugins run on either without knowing which.
extension Connection: SQLConnection {
  /// `.postgres`.
  public var dialect: SQLDialect { .postgres }

  /// A write transaction that first takes the advisory lock ``Migrator/advisoryLockKey``
  /// (`pg_advisory_xact_lock`), released when the transaction ends: two migrating processes take turns.
  public func migrating<T>(_ body: () throws -> T) throws -> T {
    try write {
      try lockForTransaction(advisoryKey: Migrator.advisoryLockKey)
      return try body()
    }
  }

  /// Whether the connection's current schema has a table named `name` (`pg_catalog.pg_tables`).
  public func tableExists(_ name: String) throws -> Bool {
    let sql = "SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = $1"
    return try queryOne(sql, [.text(name)]) { _ in true } ?? false
  }
}

extension Row: SQLRow {}

extension Statement: SQLStatement {}
