import SQLCore

/// What a seeding did: the files it loaded and the warnings (unknown files) it had.
public struct SeedReport: Sendable, Hashable {
  /// The known seed files that were found and written, sorted (the images counted in ``images`` instead).
  public var loadedFiles: [String]
  /// How many images of the folder's `images/` were found and written.
  public var images: Int
  /// One sentence per unknown file, which was ignored.
  public var warnings: [String]
}

/// Loads a seed folder through its loaders (the users' ``UserSeedLoader``, the images' ``ImageSeedLoader``, then
/// the row plugins): every file is
/// validated before anything is written, then everything is written in ONE transaction (all lands or nothing
/// does).
///
///     let seeder = Seeder(loaders: [BannerSeeds()])   // users.json and profile.json, then banners.json
///     let report = try seeder.seed(SeedFiles(files), into: db, reset: false)
public struct Seeder: Sendable {
  /// The loaders that read the files, in the order they write (resetting deletes in reverse order): the
  /// ``UserSeedLoader`` and the ``ImageSeedLoader`` first, then those given.
  public let loaders: [any SeedLoader]

  /// Creates a seeder running the ``UserSeedLoader`` and the ``ImageSeedLoader`` first, then `loaders`.
  public init(loaders: [any SeedLoader]) {
    self.loaders = [UserSeedLoader(), ImageSeedLoader()] + loaders
  }

  /// Every seed file some loader reads by name (besides the images of ``ImageSeedLoader/folder``).
  public var seedFiles: Set<String> {
    Set(loaders.flatMap(\.seedFiles))
  }

  /// Whether some loader reads the seed file `name`.
  private static func isKnown(_ name: String, in known: Set<String>) -> Bool {
    known.contains(name) || ImageSeedLoader.holds(name)
  }

  /// Validates all of `files`, then upserts them by id in one write transaction. With `reset`, every loader's
  /// data is deleted first in the same transaction, so the folder replaces the feed.
  /// Throws a ``SeedError`` (database untouched) or a database error (transaction rolled back).
  @discardableResult
  public func seed(_ files: SeedFiles, into db: StoreConnection, reset: Bool) throws -> SeedReport {
    try validate(files).write(into: db, reset: reset)
  }

  /// Validates all of `files` without a database: the seed, ready to be written. A command validates before it
  /// opens (and migrates) the database, so a refused folder leaves a new database as it found it.
  /// Throws a ``SeedError``.
  public func validate(_ files: SeedFiles) throws(SeedError) -> ValidatedSeed {
    let known = seedFiles
    let names = files.contents.keys.filter { !ImageSeedLoader.isNotice($0) }
    let unknown = names.filter { !Self.isKnown($0, in: known) && !$0.hasPrefix(".") }.sorted()
    var writes: [(StoreConnection) throws -> Void] = []
    for loader in loaders {
      if let write = try Self.validated(loader, files) { writes.append(write) }
    }
    let report = SeedReport(
      loadedFiles: names.filter(known.contains).sorted(), images: names.filter(ImageSeedLoader.holds).count,
      warnings: unknown.map { "ignoring the unknown seed file \($0)" })
    return ValidatedSeed(loaders: loaders, writes: writes, report: report)
  }

  private static func validated<Loader: SeedLoader>(
    _ loader: Loader, _ files: SeedFiles
  ) throws(SeedError) -> ((StoreConnection) throws -> Void)? {
    guard let seed = try loader.validateSeed(files) else { return nil }
    return { db in try loader.writeSeed(seed, to: db) }
  }
}

/// A seed folder's files, validated by a ``Seeder``: written by `write(into:reset:)`.
public struct ValidatedSeed {
  fileprivate let loaders: [any SeedLoader]
  fileprivate let writes: [(StoreConnection) throws -> Void]
  /// The files that will be written and the warnings about the others.
  public let report: SeedReport

  /// Upserts the seed by id in one write transaction (with `reset`, every loader's data is deleted first in the
  /// same transaction), which records one ``FeedChange/reload`` in the change log (a seed may change any row of
  /// any feed: clients fetch theirs again); returns ``report``. Throws a database error (transaction rolled back).
  @discardableResult
  public func write(into db: StoreConnection, reset: Bool) throws -> SeedReport {
    try db.write {
      if reset {
        for loader in loaders.reversed() { try loader.deleteAll(in: db) }
      }
      for write in writes { try write(db) }
      try ChangeLog.record([.reload], in: db)
    }
    return report
  }
}
