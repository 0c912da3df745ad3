import FeedModels
import FeedPlugins
import FeedStore
import FeedViewModels
import SQLCore

/// The header row: the greeting and initials of the viewer (a user of the `users` table, seeded from `users.json`
/// and `profile.json`); a viewer who is no user gets no header.
public struct HeaderPlugin: RowPlugin {
  /// The header's row id (the same for every viewer).
  public static let rowID = "profile"

  /// Creates the plugin.
  public init() {}

  /// `header`.
  public var kind: String { "header" }
  /// First in the feed.
  public var placement: RowPlacement { .leading }
  /// Its bundled `Migrations/header/` (the old `profile` table and its move into `users`).
  public var migrations: [Migration] { BuiltInFiles.header.migrations }
  /// None: the users are core accounts, seeded by FeedStore's `UserSeedLoader` (`users.json`, `profile.json`).
  public var seedFiles: [String] { [] }

  /// Nothing to read.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> Never? { nil }

  /// Nothing to write.
  public func writeSeed(_ seed: Never, to db: StoreConnection) throws {}

  /// Nothing to delete (the users are deleted by their own loader).
  public func deleteAll(in db: StoreConnection) throws {}

  /// The viewer, with key 0, when the viewer is a user and `key` is nil.
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, User) throws -> Void
  ) throws {
    guard key == nil, limit != 0 else { return }
    if let user = try Users(db).find(id: context.viewer) { try body(0, user) }
  }

  /// The viewer's `users` row when ``loadModels(from:after:limit:context:_:)`` reads it.
  public func statements(after key: Int64?, limit: Int?, context: RowContext) -> [SQLQuery] {
    guard key == nil, limit != 0 else { return [] }
    return [Users.finding(id: context.viewer)]
  }

  /// The header texts.
  public func viewModel(for model: User, context: RowContext) -> HeaderViewModel {
    HeaderViewModel(user: model)
  }

  /// `headline`, `initials`.
  public func row(for viewModel: consuming HeaderViewModel) -> FeedRow {
    FeedRow(
      kind: kind, id: Self.rowID,
      texts: [RowText("headline", viewModel.headline), RowText("initials", viewModel.initials)],
      viewModel: viewModel)
  }
}
