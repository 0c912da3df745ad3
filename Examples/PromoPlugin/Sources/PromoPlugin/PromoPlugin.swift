import FeedPlugins
import FeedStore
import Foundation
import SQLCore

/// The `promo` row kind: promotion banners from `promos.json`, placed before the 4th feed item (by default),
/// in the order the file lists them. A kind per user: a promo with `"users"` is shown to those users only (the
/// viewer, `RowContext.viewer`), one without to everyone.
///
/// It is written against the public API of `FeedPlugins`, `FeedStore`, `SQLCore` and `StackLayout` only, runs
/// on SQLite and PostgreSQL alike (its statements are the same on both; its migration has a script for each),
/// and owns everything of its kind: its table (``PromoFiles/migrations``), its seed file and the copy it
/// ships (``PromoFiles/seeds``), decoding, loading, the view model (``PromoViewModel``), the output row, the
/// card (`PromoPlugin+Card.swift`) and a generator (`PromoPlugin+Generate.swift`).
///
///     Stackfeed.main(plugins: [PromoPlugin()])   // stackfeed-promo
public struct PromoPlugin: RowPlugin {
  private enum SQL {
    static let upsert = """
      INSERT INTO promo (id, text, rank) VALUES ($1, $2, $3)
      ON CONFLICT (id) DO UPDATE SET text = excluded.text, rank = excluded.rank
      WHERE promo.text IS DISTINCT FROM excluded.text OR promo.rank IS DISTINCT FROM excluded.rank
      """
    /// Moves whatever promo holds rank $1 (other than $2) to the end, freeing the slot.
    static let freeRank = "UPDATE promo SET rank = (SELECT max(rank) + 1 FROM promo) WHERE rank = $1 AND id <> $2"
    static let deleteAudience = "DELETE FROM promo_audience WHERE promo_id = $1"
    static let insertAudience = "INSERT INTO promo_audience (promo_id, user_id) VALUES ($1, $2)"
    static let deleteAll = ["DELETE FROM promo_audience", "DELETE FROM promo"]
    /// The promos for everyone and those for the viewer ($3), by rank.
    static let page = """
      SELECT id, text, rank FROM promo
      WHERE rank > $1 AND (
        NOT EXISTS (SELECT 1 FROM promo_audience WHERE promo_id = promo.id)
        OR EXISTS (SELECT 1 FROM promo_audience WHERE promo_id = promo.id AND user_id = $3))
      ORDER BY rank LIMIT $2
      """
  }

  /// Where the promos go in the feed.
  public var placement: RowPlacement

  /// Creates the plugin; its rows go before the 4th feed item unless `placement` says otherwise.
  public init(placement: RowPlacement = .inserted(at: 3)) {
    self.placement = placement
  }

  /// `promo`.
  public var kind: String { "promo" }
  /// `9001_promo_create`, `9002_promo_audience`.
  public var migrations: [Migration] { PromoFiles.migrations }
  /// `promos.json`.
  public var seedFiles: [String] { [PromoFiles.seedFile] }
  /// The promos the example ships, loaded by `stackfeed-promo seed` without `--from`.
  public var defaultSeeds: [String: Data] { [PromoFiles.seedFile: Data(PromoFiles.seeds.utf8)] }

  /// Reads `promos.json`: an array of records by ``Rules/record`` (`{"id", "text", "users"?: [user id]}`) with
  /// unique ids; each of `users` is `default` or a user of the folder's `users.json`.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> [Promo]? {
    guard files.contents[PromoFiles.seedFile] != nil else { return nil }
    let known = Set((try UserSeedLoader().validateSeed(files) ?? []).map(\.id)).union([RowContext.defaultViewer])
    return try files.models(PromoFiles.seedFile, checkedBy: Rules.record) { _, record throws(SeedError) in
      var promo = try Self.promo(from: record)
      promo.users = try Self.audience(of: record, known: known)
      return promo
    }
  }

  /// The users of a record's optional `"users"`, each `default` or one of `known` (the folder's `users.json`).
  private static func audience(of record: SeedRecord, known: Set<String>) throws(SeedError) -> [String] {
    var users: [String] = []
    for (index, value) in (try record.optionalArray("users") ?? []).enumerated() {
      guard case .string(let user) = value else { continue }  // the rules let strings only
      guard known.contains(user) else {
        throw record.error("users[\(index)]", "unknown user \"\(user)\" (not in \(UserSeedLoader.usersFile))")
      }
      users.append(user)
    }
    return users
  }

  /// The promo of a record checked by ``Rules``.
  static func promo(from record: SeedRecord) throws(SeedError) -> Promo {
    Promo(id: try record.identifier(), text: try record.string("text"))
  }

  /// Upserts the promos by id at ranks 1…n in file order; a promo of another id that held one of those ranks
  /// moves to the end. Re-seeding the same file changes nothing.
  public func writeSeed(_ seed: [Promo], to db: StoreConnection) throws {
    try db.takeWriteTurn(on: "promo")
    let free = try db.prepare(SQL.freeRank)
    let upsert = try db.prepare(SQL.upsert)
    let deleteAudience = try db.prepare(SQL.deleteAudience)
    let insertAudience = try db.prepare(SQL.insertAudience)
    for (offset, promo) in seed.enumerated() {
      let rank = Int64(offset + 1)
      try free.run([.integer(rank), .text(promo.id)])
      try upsert.run([.text(promo.id), .text(promo.text), .integer(rank)])
      try deleteAudience.run([.text(promo.id)])
      for user in Set(promo.users).sorted() { try insertAudience.run([.text(promo.id), .text(user)]) }
    }
  }

  /// Deletes every promo and its audience.
  public func deleteAll(in db: StoreConnection) throws {
    for sql in SQL.deleteAll { try db.execute(sql) }
  }

  /// Streams the promos the viewer may see after rank `key`, in rank order; the key is the rank.
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, Promo) throws -> Void
  ) throws {
    let page = Self.page(after: key, limit: limit, viewer: context.viewer)
    try db.query(page.sql, page.arguments) { row in
      try body(try row.int64(at: 2), Promo(id: try row.string(at: 0), text: try row.string(at: 1)))
    }
  }

  /// The one query of ``loadModels(from:after:limit:context:_:)``: a page sends it ahead with its others.
  public func statements(after key: Int64?, limit: Int?, context: RowContext) -> [SQLQuery] {
    [Self.page(after: key, limit: limit, viewer: context.viewer)]
  }

  /// The viewer's promos after `key`, at most `limit` of them.
  private static func page(after key: Int64?, limit: Int?, viewer: String) -> SQLQuery {
    SQLQuery(SQL.page, [.integer(key ?? 0), .integer(limit.map(Int64.init) ?? Int64.max), .text(viewer)])
  }

  /// The banner text.
  public func viewModel(for model: Promo, context: RowContext) -> PromoViewModel {
    PromoViewModel(promo: model)
  }

  /// `text`.
  public func row(for viewModel: PromoViewModel) -> FeedRow {
    FeedRow(kind: kind, id: viewModel.id, texts: [RowText("text", viewModel.text)], viewModel: viewModel)
  }
}
