import SQLCore

/// What a seeding did: the files it loaded and the warnings (unknown files) it had.
public struct SeedReport: Sendable, Hashable {
  /// The known seed files that were found and written, sorted.
  public var loadedFiles: [String]
  /// One sentence per unknown file, which was ignored.
  public var warnings: [String]
}

/// Loads a seed folder through its loaders (the row plugins): every file is validated before anything is
/// written, then everything is written in ONE transaction (all lands or nothing does).
///
///     let seeder = Seeder(loaders: [ProfileSeeds(), BannerSeeds()])
///     let report = try seeder.seed(SeedFiles(files), into: db, reset: false)
public struct Seeder: Sendable {
  /// The loaders that read the files, in the order they write (resetting deletes in reverse order).
  public let loaders: [any SeedLoader]

  /// Creates a seeder.
  public init(loaders: [any SeedLoader]) {
    self.loaders = loaders
  }

  /// Every seed file some loader reads.
  public var seedFiles: Set<String> {
    Set(loaders.flatMap(\.seedFiles))
  }

  /// Validates all of `files`, then upserts them by id in one write transaction. With `reset`, every loader's
  /// data is deleted first in the same transaction, so the folder replaces the feed.
  /// Throws a ``SeedError`` (database untouched) or a database error (transaction rolled back).
  @discardableResult
  public func seed(_ files: SeedFiles, into db: StoreConnection, reset: Bool) throws -> SeedReport {
    let known = seedFiles
    let unknown = files.contents.keys.filter { !known.contains($0) && !$0.hasPrefix(".") }.sorted()
    var writes: [(StoreConnection) throws -> Void] = []
    for loader in loaders {
      if let write = try Self.validated(loader, files) { writes.append(write) }
    }
    try db.write {
      if reset {
        for loader in loaders.reversed() { try loader.deleteAll(in: db) }
      }
      for write in writes { try write(db) }
    }
    return SeedReport(
      loadedFiles: files.contents.keys.filter(known.contains).sorted(),
      warnings: unknown.map { "ignoring the unknown seed file \($0)" })
  }

  private static func validated<Loader: SeedLoader>(
    _ loader: Loader, _ files: SeedFiles
  ) throws(SeedError) -> ((StoreConnection) throws -> Void)? {
    guard let seed = try loader.validateSeed(files) else { return nil }
    return { db in try loader.writeSeed(seed, to: db) }
  }
}
