import CSQLite
import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Applies migrations in name order, each once, each in its own `BEGIN IMMEDIATE` transaction together with
/// its bookkeeping row in `stackfeed_migrations(name, checksum, applied_at)`.
///
/// Before applying anything it checks the recorded migrations: one whose checksum differs from this build's
/// (edited after shipping) or one this build does not know (a newer version's) is refused with a
/// `MigrationError`. Each pending migration is re-checked inside its transaction, so several processes
/// migrating the same file at once end with one correct schema.
///
///     let applied = try Migrator(migrations: bundled).migrate(db, now: Date.init)
public struct Migrator: Sendable {
  /// The bookkeeping table.
  public static let tableName = "stackfeed_migrations"
  private static let createTable = """
    CREATE TABLE IF NOT EXISTS stackfeed_migrations (
      name TEXT PRIMARY KEY NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL)
    """
  private static let tableExists = "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?"
  private static let selectApplied = "SELECT name, checksum, applied_at FROM stackfeed_migrations ORDER BY name"
  private static let selectChecksum = "SELECT checksum FROM stackfeed_migrations WHERE name = ?"
  private static let insertApplied = "INSERT INTO stackfeed_migrations (name, checksum, applied_at) VALUES (?, ?, ?)"

  /// This build's migrations, sorted by name.
  public let migrations: [Migration]

  /// A migrator for `migrations`, in any order.
  public init(migrations: [Migration]) {
    self.migrations = migrations.sorted { $0.name < $1.name }
  }

  /// Applies the pending migrations and returns their names, in order (empty when up to date).
  /// `now` stamps `applied_at` (ISO 8601, UTC).
  public func migrate(_ db: Database, now: () -> Date) throws -> [String] {
    try checkNamesAreUnique()
    if try db.queryOne(Self.tableExists, [.text(Self.tableName)], { _ in true }) == nil {
      try db.write { try db.execute(Self.createTable) }
    }
    let recorded = try appliedMigrations(in: db)
    try check(recorded)
    let done = Set(recorded.map(\.name))
    var applied: [String] = []
    for migration in migrations where !done.contains(migration.name) {
      if try apply(migration, to: db, at: now()) { applied.append(migration.name) }
    }
    return applied
  }

  /// The names of this build's migrations not yet applied to `db`.
  public func pendingMigrations(in db: Database) throws -> [String] {
    guard try db.queryOne(Self.tableExists, [.text(Self.tableName)], { _ in true }) != nil else {
      return migrations.map(\.name)
    }
    let done = Set(try appliedMigrations(in: db).map(\.name))
    return migrations.map(\.name).filter { !done.contains($0) }
  }

  /// The migrations recorded in `db`, by name.
  public func appliedMigrations(in db: Database) throws -> [AppliedMigration] {
    try db.queryAll(Self.selectApplied) { row in
      AppliedMigration(name: try row.string(at: 0), checksum: try row.string(at: 1), appliedAt: try row.string(at: 2))
    }
  }

  private func checkNamesAreUnique() throws {
    for (previous, next) in zip(migrations, migrations.dropFirst()) where previous.name == next.name {
      throw MigrationError(kind: .duplicateName, migration: next.name)
    }
  }

  private func check(_ recorded: [AppliedMigration]) throws {
    let known = Dictionary(uniqueKeysWithValues: try migrations.map { ($0.name, try Self.script(of: $0).checksum) })
    for record in recorded {
      guard let checksum = known[record.name] else { throw MigrationError(kind: .unknown, migration: record.name) }
      guard checksum == record.checksum else { throw MigrationError(kind: .edited, migration: record.name) }
    }
  }

  /// Applies one migration unless another connection did it meanwhile; true when this call applied it.
  private func apply(_ migration: Migration, to db: Database, at date: Date) throws -> Bool {
    let script = try Self.script(of: migration)
    return try db.write {
      if let checksum = try db.queryOne(Self.selectChecksum, [.text(migration.name)], { try $0.string(at: 0) }) {
        guard checksum == script.checksum else { throw MigrationError(kind: .edited, migration: migration.name) }
        return false
      }
      do {
        try db.executeScript(script.sql)
      } catch let error as DatabaseError {
        throw MigrationError(kind: .failed, migration: migration.name, underlying: error)
      }
      guard db.isInTransaction else {
        throw MigrationError(
          kind: .failed, migration: migration.name,
          underlying: DatabaseError(
            code: SQLITE_MISUSE, message: "the migration ended the transaction itself (COMMIT/END)"))
      }
      let stamp = date.formatted(Date.ISO8601FormatStyle())
      try db.execute(Self.insertApplied, [.text(migration.name), .text(script.checksum), .text(stamp)])
      return true
    }
  }

  /// The SQLite script of `migration` and its checksum; throws when the migration has none.
  private static func script(of migration: Migration) throws -> (sql: String, checksum: String) {
    guard let sql = migration.sql(for: .sqlite), let checksum = migration.checksum(for: .sqlite) else {
      throw MigrationError(
        kind: .failed, migration: migration.name,
        underlying: DatabaseError(code: SQLITE_MISUSE, message: "the migration has no SQLite script"))
    }
    return (sql, checksum)
  }
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
