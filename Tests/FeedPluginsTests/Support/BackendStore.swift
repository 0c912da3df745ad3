import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import SQLCore
import StackfeedTestSupport

/// A migrated store on either backend (a file in a fresh temporary folder, or a database of the shared
/// PostgreSQL cluster), removed when the value goes away.
final class BackendStore {
  let folder: URL
  let registry: PluginRegistry
  let database: TestDatabase
  let connection: StoreConnection

  /// A new store on `backend` migrated with `migrations` (the registry's by default).
  init(_ backend: Backend, registry: PluginRegistry? = nil, migrations: [Migration]? = nil) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedplugins-\(UUID().uuidString)")
    let registry = try registry ?? .builtIn()
    self.registry = registry
    database = try backend.makeDatabase(in: folder)
    connection = try Self.open(database, migrations: migrations ?? registry.migrations)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A new connection to the same database, migrated with this registry's migrations.
  func reopened() throws -> StoreConnection {
    try Self.open(database, migrations: registry.migrations)
  }

  private static func open(_ database: TestDatabase, migrations: [Migration]) throws -> StoreConnection {
    try FeedDatabase.open(
      location: StoreLocation.resolve(option: database.argument, environment: [:]), migrations: migrations,
      now: { Date(timeIntervalSince1970: 0) }
    ).database
  }

  /// Seeds `files` (name → JSON text) through the registry.
  func seed(_ files: [String: String], reset: Bool = false) throws {
    try Seeder(registry: registry).seed(SeedFiles.text(files), into: connection, reset: reset)
  }

  /// The composed feed for `viewer` (every row, in UTC), on `connection` (this store's by default).
  func rows(viewer: String = RowContext.defaultViewer, on connection: StoreConnection? = nil) throws -> [FeedRow] {
    var rows: [FeedRow] = []
    let context = RowContext(timeZone: TimeZone.gmt, viewer: viewer)
    try FeedComposer(registry: registry, database: connection ?? self.connection, context: context).compose(
      after: nil, limit: nil
    ) { rows.append($0) }
    return rows
  }
}

extension FeedRow {
  /// Everything a row shows (kind, id, texts, lists), for comparing feeds.
  var shown: String { "\(kind) \(id) \(texts) \(lists)" }
}
