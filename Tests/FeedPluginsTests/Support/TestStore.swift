import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import SQLCore
import SQLiteCore
import StackfeedTestSupport

/// A migrated database in a fresh temporary folder, removed when the value goes away.
final class TestStore {
  let folder: URL
  let registry: PluginRegistry
  let database: Database
  /// The same database as the store hands it to plugins.
  var connection: StoreConnection { .sqlite(database) }

  init(registry: PluginRegistry? = nil) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("feedplugins-\(UUID().uuidString)")
    let registry = try registry ?? .builtIn()
    self.registry = registry
    let path = folder.appendingPathComponent("feed.sqlite").path
    database = try Database(path: path)
    _ = try FeedDatabase.migrated(
      .sqlite(database), migrations: registry.migrations, now: { Date(timeIntervalSince1970: 0) }, wasCreated: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Seeds `files` (name → JSON text) through the registry.
  @discardableResult
  func seed(_ files: [String: String], reset: Bool = false) throws -> SeedReport {
    try Seeder(registry: registry).seed(SeedFiles.text(files), into: connection, reset: reset)
  }

  /// The composed rows (all, or one page) in `zone`.
  func rows(zone: String = "UTC", after cursor: FeedCursor? = nil, limit: Int? = nil) throws -> [FeedRow] {
    var rows: [FeedRow] = []
    let context = RowContext(timeZone: TimeZone(identifier: zone) ?? .gmt)
    try FeedComposer(registry: registry, database: connection, context: context).compose(after: cursor, limit: limit) {
      rows.append($0)
    }
    return rows
  }

  /// Every table's schema and rows, sorted: equal dumps mean equal databases. The tables recording writes rather
  /// than data (`TestDatabase.writeRecords`: the change counter, the change log) have their rows left out.
  func dump() throws -> [String] {
    var lines: [String] = []
    let tables = try database.queryAll("SELECT name, sql FROM sqlite_schema ORDER BY name") {
      (try $0.string(at: 0), try $0.optionalString(at: 1) ?? "")
    }
    for (name, sql) in tables {
      lines.append(sql)
      guard sql.hasPrefix("CREATE TABLE"), !TestDatabase.writeRecords.contains(name) else { continue }
      let rows = try database.queryAll("SELECT * FROM \"\(name)\"") { row in
        name + ": " + row.values.map { "\($0)" }.joined(separator: " | ")
      }
      lines += rows.sorted()
    }
    return lines
  }
}

extension SeedFiles {
  /// Seed files from JSON texts.
  static func text(_ files: [String: String]) -> SeedFiles {
    SeedFiles(files.mapValues { Data($0.utf8) })
  }

  /// The bundled reference seeds (the core accounts' and the built-in kinds', what `seed` loads without `--from`)
  /// as texts, without the images; none if the built-in kinds did not fit together (`PluginRegistryTests` says why).
  static var referenceTexts: [String: String] {
    let files = (try? PluginRegistry.builtIn())?.defaultSeedFolder.files ?? [:]
    return files.filter { !ImageSeedLoader.holds($0.key) }.mapValues { String(decoding: $0, as: UTF8.self) }
  }
}

extension FeedRow {
  /// `kind id` for compact comparisons.
  var summary: String { "\(kind) \(id)" }

  /// The text named `name` (nil when absent or null).
  func text(_ name: String) -> String? {
    texts.first { $0.name == name }?.value
  }

  /// The `name` text of each item of the list `list`, `nil` when the row has no such list.
  func list(_ list: String, _ name: String) -> [String?]? {
    lists.first { $0.name == list }?.items.map { item in item.first { $0.name == name }?.value }
  }
}
