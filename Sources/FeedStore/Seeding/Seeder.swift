import SQLiteCore

/// What a seeding did: the files it loaded and the warnings (unknown files) it had.
public struct SeedReport: Sendable, Hashable {
  /// The known seed files that were found and written, sorted.
  public var loadedFiles: [String]
  /// One sentence per unknown file, which was ignored.
  public var warnings: [String]
}

/// Loads a seed folder through the registry's plugins: every file is validated before anything is written,
/// then everything is written in ONE transaction (all lands or nothing does).
///
///     let report = try Seeder(registry: .builtIn).seed(SeedFiles(files), into: db, reset: false)
public struct Seeder: Sendable {
  /// The plugins that read the files.
  public let registry: PluginRegistry

  /// Creates a seeder.
  public init(registry: PluginRegistry) {
    self.registry = registry
  }

  /// Validates all of `files`, then upserts them by id in one write transaction. With `reset`, every plugin's
  /// data is deleted first in the same transaction, so the folder replaces the feed.
  /// Throws a ``SeedError`` (database untouched) or a database error (transaction rolled back).
  @discardableResult
  public func seed(_ files: SeedFiles, into db: Database, reset: Bool) throws -> SeedReport {
    let known = registry.seedFiles
    let unknown = files.contents.keys.filter { !known.contains($0) && !$0.hasPrefix(".") }.sorted()
    var writes: [(Database) throws -> Void] = []
    for plugin in registry.plugins {
      if let write = try Self.validated(plugin, files) { writes.append(write) }
    }
    try db.write {
      if reset {
        for plugin in registry.plugins.reversed() { try plugin.deleteAll(in: db) }
      }
      for write in writes { try write(db) }
    }
    return SeedReport(
      loadedFiles: files.contents.keys.filter(known.contains).sorted(),
      warnings: unknown.map { "ignoring the unknown seed file \($0)" })
  }

  private static func validated<Plugin: RowPlugin>(
    _ plugin: Plugin, _ files: SeedFiles
  ) throws(SeedError) -> ((Database) throws -> Void)? {
    guard let seed = try plugin.validateSeed(files) else { return nil }
    return { db in try plugin.writeSeed(seed, to: db) }
  }
}
