import SQLCore

/// What reads some seed files and writes them to the store: every row plugin is one (the `RowPlugin`
/// protocol of `FeedPlugins` refines this one), and the ``Seeder`` drives them without knowing their kinds.
///
///     struct BannerSeeds: SeedLoader {
///       let seedFiles = ["banners.json"]
///       func validateSeed(_ files: SeedFiles) throws(SeedError) -> [Banner]? { … }
///       func writeSeed(_ seed: [Banner], to db: StoreConnection) throws { … }
///       func deleteAll(in db: StoreConnection) throws { try db.execute("DELETE FROM banner") }
///     }
public protocol SeedLoader: Sendable {
  /// The validated contents of the seed file(s), ready to write.
  associatedtype Seed: Sendable

  /// The seed files this loader reads, e.g. `["feed_items.json"]`; each is optional in a folder.
  var seedFiles: [String] { get }

  /// Parses and validates this loader's files among `files` without touching the database; `nil` when none of
  /// them is present. Throws the first problem, naming file, record and field.
  func validateSeed(_ files: SeedFiles) throws(SeedError) -> Seed?
  /// Writes validated records, upserting by id. Runs inside the seeder's single write transaction.
  func writeSeed(_ seed: Seed, to db: StoreConnection) throws
  /// Deletes all of this loader's data (for `seed --reset`), inside the seeder's transaction.
  func deleteAll(in db: StoreConnection) throws
}
