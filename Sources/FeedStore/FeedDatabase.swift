import PostgresCore
import SQLCore
import SQLiteCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An opened and migrated feed database: what every command starts from.
///
///     let store = try FeedDatabase.open(path: location.path, migrations: registry.migrations, now: Date.init)
///     if store.wasCreated { … seed it … }
public struct FeedDatabase {
  /// The connection, on whichever backend the database is.
  public let database: StoreConnection
  /// The migrations this open applied, in order (empty when the file was up to date).
  public let appliedMigrations: [String]
  /// True when the file did not exist (or was empty) before this open.
  public let wasCreated: Bool

  /// Opens `path` (creating it and its folder), then applies the pending `migrations`.
  ///
  /// Throws `DatabaseError` (exit 74) when the file cannot be opened or is not a database, and `MigrationError`
  /// when the file carries an edited or unknown migration or a migration fails.
  public static func open(path: String, migrations: [Migration], now: () -> Date) throws -> FeedDatabase {
    // stat(2), not FileManager's attribute dictionary: this runs at the start of every command.
    var status = stat()
    let size = stat(path, &status) == 0 ? Int(status.st_size) : 0
    let database = try Database(path: path)
    return try migrated(.sqlite(database), migrations: migrations, now: now, wasCreated: size == 0)
  }

  /// Opens the database at `location` (a SQLite file, created with its folder, or a PostgreSQL database, which
  /// must exist), then applies the pending `migrations`. On PostgreSQL `wasCreated` means the database had no
  /// Stackfeed tables yet.
  ///
  /// Throws `DatabaseError` or `PostgresError` (exit 74: cannot open, not a database, server unreachable, login
  /// refused) and `MigrationError`.
  public static func open(location: StoreLocation, migrations: [Migration], now: () -> Date) throws -> FeedDatabase {
    switch location.dialect {
    case .sqlite:
      return try open(path: location.path, migrations: migrations, now: now)
    case .postgres:
      let database = try location.connect()
      let isNew = !(try database.tableExists(Migrator.tableName))
      return try migrated(database, migrations: migrations, now: now, wasCreated: isNew)
    }
  }

  /// The store over `database` (any backend) once the pending `migrations` are applied; `wasCreated` says
  /// whether the database was new before this open.
  public static func migrated(
    _ database: StoreConnection, migrations: [Migration], now: () -> Date, wasCreated: Bool
  ) throws -> FeedDatabase {
    let applied = try Migrator(migrations: migrations).migrate(database) {
      now().formatted(Date.ISO8601FormatStyle())
    }
    return FeedDatabase(database: database, appliedMigrations: applied, wasCreated: wasCreated)
  }
}
