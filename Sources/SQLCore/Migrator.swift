/// Applies migrations in name order, each once, each in its own migration transaction (``SQLConnection/migrating(_:)``:
/// SQLite's `BEGIN IMMEDIATE`, PostgreSQL's transaction-scoped advisory lock) together with its bookkeeping row in
/// `stackfeed_migrations(name, checksum, applied_at)`. It runs the script of the connection's dialect and records
/// that script's checksum.
///
/// Before applying anything it checks the recorded migrations: one whose checksum differs from this build's
/// (edited after shipping) or one this build does not know (a newer version's) is refused with a
/// `MigrationError`. Each pending migration is re-checked inside its transaction, so several processes
/// migrating one database at once end with one correct schema.
///
///     let applied = try Migrator(migrations: bundled).migrate(db, appliedAt: { "2026-12-03T10:00:00Z" })
public struct Migrator: Sendable {
  /// The bookkeeping table.
  public static let tableName = "stackfeed_migrations"
  /// The PostgreSQL advisory lock a migration transaction holds (`pg_advisory_xact_lock`): the bytes of
  /// `sfmigrat` read as a big-endian 64-bit integer, one key every Stackfeed process agrees on.
  public static let advisoryLockKey: Int64 = 0x7366_6D69_6772_6174
  private static func createTable(_ dialect: SQLDialect) -> String {
    // Names compare byte by byte on both engines (PostgreSQL's default collation follows the locale).
    let name = dialect == .postgres ? "TEXT COLLATE \"C\"" : "TEXT"
    return """
      CREATE TABLE IF NOT EXISTS stackfeed_migrations (
        name \(name) PRIMARY KEY NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)
      """
  }
  private static let selectApplied = "SELECT name, checksum, applied_at FROM stackfeed_migrations ORDER BY name"
  private static let selectChecksum = "SELECT checksum FROM stackfeed_migrations WHERE name = $1"
  private static let insertApplied =
    "INSERT INTO stackfeed_migrations (name, checksum, applied_at) VALUES ($1, $2, $3)"

  /// This build's migrations, sorted by name.
  public let migrations: [Migration]

  /// A migrator for `migrations`, in any order.
  public init(migrations: [Migration]) {
    self.migrations = migrations.sorted { $0.name < $1.name }
  }

  /// Applies the pending migrations and returns their names, in order (empty when up to date).
  /// `appliedAt` stamps `applied_at` (ISO 8601, UTC, e.g. `2026-12-03T10:00:00Z`).
  public func migrate(_ db: some SQLConnection, appliedAt: () -> String) throws -> [String] {
    try checkNamesAreUnique()
    let scripts = try self.scripts(for: db.dialect)
    if !(try db.tableExists(Self.tableName)) {
      try db.migrating { try db.execute(Self.createTable(db.dialect)) }
    }
    let recorded = try appliedMigrations(in: db)
    try check(recorded, against: scripts)
    let done = Set(recorded.map(\.name))
    var applied: [String] = []
    for script in scripts where !done.contains(script.name) {
      if try apply(script, to: db, at: appliedAt()) { applied.append(script.name) }
    }
    return applied
  }

  /// The names of this build's migrations not yet applied to `db`.
  func pendingMigrations(in db: some SQLConnection) throws -> [String] {
    guard try db.tableExists(Self.tableName) else { return migrations.map(\.name) }
    let done = Set(try appliedMigrations(in: db).map(\.name))
    return migrations.map(\.name).filter { !done.contains($0) }
  }

  /// The migrations recorded in `db`, by name.
  public func appliedMigrations(in db: some SQLConnection) throws -> [AppliedMigration] {
    try db.queryAll(Self.selectApplied) { row in
      AppliedMigration(name: try row.string(at: 0), checksum: try row.string(at: 1), appliedAt: try row.string(at: 2))
    }
  }

  /// One migration's script in one dialect, with its checksum.
  private struct Script {
    let name: String
    let sql: String
    let checksum: String
  }

  /// Every migration's script in `dialect`; throws for the first migration without one.
  private func scripts(for dialect: SQLDialect) throws -> [Script] {
    try migrations.map { migration in
      guard let sql = migration.sql(for: dialect), let checksum = migration.checksum(for: dialect) else {
        throw MigrationError(kind: .noScript(dialect), migration: migration.name)
      }
      return Script(name: migration.name, sql: sql, checksum: checksum)
    }
  }

  private func checkNamesAreUnique() throws {
    for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.name == next.name {
      throw MigrationError(kind: .duplicateName, migration: next.name)
    }
  }

  private func check(_ recorded: [AppliedMigration], against scripts: [Script]) throws {
    let known = Dictionary(uniqueKeysWithValues: scripts.map { ($0.name, $0.checksum) })
    for record in recorded {
      guard let checksum = known[record.name] else { throw MigrationError(kind: .unknown, migration: record.name) }
      guard checksum == record.checksum else { throw MigrationError(kind: .edited, migration: record.name) }
    }
  }

  /// Applies one migration unless another connection did it meanwhile; true when this call applied it.
  private func apply(_ script: Script, to db: some SQLConnection, at stamp: String) throws -> Bool {
    try db.migrating {
      if let checksum = try db.queryOne(Self.selectChecksum, [.text(script.name)], { try $0.string(at: 0) }) {
        guard checksum == script.checksum else { throw MigrationError(kind: .edited, migration: script.name) }
        return false
      }
      do {
        try db.executeScript(script.sql)
      } catch let error as any SQLError {
        throw MigrationError(kind: .failed, migration: script.name, underlying: error)
      }
      guard db.isInTransaction else {
        throw MigrationError(kind: .failed, migration: script.name, underlying: TransactionEnded())
      }
      try db.execute(Self.insertApplied, [.text(script.name), .text(script.checksum), .text(stamp)])
      return true
    }
  }
}

/// A migration's script ended the migrator's transaction itself.
private struct TransactionEnded: SQLError {
  var message: String { "the migration ended the transaction itself (COMMIT/END)" }
  var codeDescription: String { "refused by the migrator" }
  var isMisuse: Bool { true }
  var isBusy: Bool { false }
  var description: String { message }
}

/// A migration recorded in a database's `stackfeed_migrations` table.
public struct AppliedMigration: Sendable, Hashable {
  /// The migration's name.
  public let name: String
  /// The checksum recorded when it was applied.
  public let checksum: String
  /// When it was applied, ISO 8601 in UTC.
  public let appliedAt: String
}
