import FeedModels
import FeedPlugins
import FeedStore
import FeedViewModels
import SQLCore

/// The header row: the greeting and initials of the stored profile (`profile.json`); no profile, no header.
public struct HeaderPlugin: RowPlugin {
  private enum SQL {
    static let upsert = """
      INSERT INTO profile (id, first_name, last_name) VALUES (1, $1, $2)
      ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name
      WHERE profile.first_name IS DISTINCT FROM excluded.first_name
        OR profile.last_name IS DISTINCT FROM excluded.last_name
      """
    static let deleteAll = "DELETE FROM profile"
    static let load = "SELECT first_name, last_name FROM profile WHERE id = 1"
  }

  /// The header's row id.
  public static let rowID = "profile"

  /// Creates the plugin.
  public init() {}

  /// `header`.
  public var kind: String { "header" }
  /// First in the feed.
  public var placement: RowPlacement { .leading }
  /// The bundled `Migrations/NNNN_header_*.sql`.
  public var migrations: [Migration] { BundledMigrations.forKind(kind) }
  /// `profile.json`.
  public var seedFiles: [String] { ["profile.json"] }

  /// Reads `profile.json`: an object with string `firstName` and `lastName`.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> Profile? {
    guard let record = try files.object("profile.json") else { return nil }
    return Profile(firstName: try record.string("firstName"), lastName: try record.string("lastName"))
  }

  /// Upserts the single profile.
  public func writeSeed(_ seed: Profile, to db: StoreConnection) throws {
    try db.execute(SQL.upsert, [.text(seed.firstName), .text(seed.lastName)])
  }

  /// Deletes the profile.
  public func deleteAll(in db: StoreConnection) throws {
    try db.execute(SQL.deleteAll)
  }

  /// The profile, with key 0, when there is one and `key` is nil.
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, _ body: (Int64, Profile) throws -> Void
  ) throws {
    guard key == nil, limit != 0 else { return }
    let profile = try db.queryOne(SQL.load) { row in
      Profile(firstName: try row.string(at: 0), lastName: try row.string(at: 1))
    }
    if let profile { try body(0, profile) }
  }

  /// The header texts.
  public func viewModel(for model: Profile, context: RowContext) -> HeaderViewModel {
    HeaderViewModel(profile: model)
  }

  /// `headline`, `initials`.
  public func row(for viewModel: consuming HeaderViewModel) -> FeedRow {
    FeedRow(
      kind: kind, id: Self.rowID,
      texts: [RowText("headline", viewModel.headline), RowText("initials", viewModel.initials)],
      viewModel: viewModel)
  }
}
