import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation

/// The feed databases the benchmarks read: the bundled reference feed (header, 6 feed items, one order) plus
/// `rows` generated feed items, made once per size in the temporary folder and reused by later runs.
enum BenchDatabase {
  /// The folder of the benchmark databases.
  static var folder: String { NSTemporaryDirectory() + "stackfeed-bench" }

  /// The path of the database with `rows` generated items, creating it when missing.
  static func path(rows: Int) throws -> String {
    let path = folder + "/feed-\(rows).sqlite"
    if FileManager.default.fileExists(atPath: path) { return path }
    let building = path + ".building"
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: building + suffix) }
    do {
      let database = try open(building)
      let registry = try PluginRegistry.builtIn()
      try Seeder(registry: registry).seed(SeedFiles(registry.defaultSeedFolder.files), into: database, reset: false)
      try FeedItemPlugin().generate(rows, in: database)
    }
    try FileManager.default.moveItem(atPath: building, toPath: path)
    return path
  }

  /// A fresh, migrated, empty database at `path` (any earlier file there is deleted first).
  static func fresh(_ path: String) throws -> StoreConnection {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    return try open(path)
  }

  /// Opens and migrates `path` as every command does.
  static func open(_ path: String) throws -> StoreConnection {
    try FeedDatabase.open(path: path, migrations: try PluginRegistry.builtIn().migrations, now: Date.init).database
  }

  /// The composer of `database` with dates in UTC.
  static func composer(_ database: StoreConnection) throws -> FeedComposer {
    FeedComposer(registry: try .builtIn(), database: database, context: RowContext(timeZone: TimeZone.gmt))
  }
}
