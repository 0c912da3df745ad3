import Foundation
import SQLiteCore

/// An opened and migrated feed database: what every command starts from.
///
///     let store = try FeedDatabase.open(path: location.path, migrations: registry.migrations, now: Date.init)
///     if store.wasCreated { … seed it … }
public struct FeedDatabase {
  /// The connection.
  public let database: Database
  /// The migrations this open applied, in order (empty when the file was up to date).
  public let appliedMigrations: [String]
  /// True when the file did not exist (or was empty) before this open.
  public let wasCreated: Bool

  /// Opens `path` (creating it and its folder), then applies the pending `migrations`.
  ///
  /// Throws `DatabaseError` (exit 74) when the file cannot be opened or is not a database, and `MigrationError`
  /// when the file carries an edited or unknown migration or a migration fails.
  public static func open(path: String, migrations: [Migration], now: () -> Date) throws -> FeedDatabase {
    let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    let database = try Database(path: path)
    let applied = try Migrator(migrations: migrations).migrate(database, now: now)
    return FeedDatabase(database: database, appliedMigrations: applied, wasCreated: (size ?? 0) == 0)
  }
}
