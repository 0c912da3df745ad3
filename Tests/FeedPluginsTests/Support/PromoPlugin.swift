import FeedPlugins
import FeedStore
import Foundation
import SQLiteCore
import StackLayout

/// A row kind defined only in the tests: promo banners from `promos.json`, inserted before the 4th feed item.
/// It owns its migration (a fixture file) and its seed file, and reaches the feed through a registry only.
struct PromoPlugin: RowPlugin {
  struct Promo: Sendable, Hashable {
    var id: String
    var text: String
  }

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/promo")

  var kind: String { "promo" }
  var placement = RowPlacement.inserted(at: 3)
  var seedFiles: [String] { ["promos.json"] }
  var migrations: [Migration] {
    let url = Self.fixtures.appendingPathComponent("9001_promo_create.sql")
    let sql = (try? String(contentsOf: url, encoding: .utf8)) ?? "missing fixture \(url.path)"
    return [Migration(name: "9001_promo_create", sql: sql)]
  }

  func validateSeed(_ files: SeedFiles) throws(SeedError) -> [Promo]? {
    guard let records = try files.records("promos.json") else { return nil }
    var promos: [Promo] = []
    for record in records {
      promos.append(Promo(id: try record.identifier(), text: try record.string("text")))
    }
    return promos
  }

  func writeSeed(_ seed: [Promo], to db: Database) throws {
    try db.execute("DELETE FROM promo")
    for (rank, promo) in seed.enumerated() {
      try db.execute(
        "INSERT INTO promo (id, text, rank) VALUES (?, ?, ?)",
        [.text(promo.id), .text(promo.text), .integer(Int64(rank))])
    }
  }

  func deleteAll(in db: Database) throws {
    try db.execute("DELETE FROM promo")
  }

  func loadModels(from db: Database, after key: Int64?, limit: Int?, _ body: (Int64, Promo) throws -> Void) throws {
    let sql = "SELECT id, text, rank FROM promo WHERE rank > ? ORDER BY rank LIMIT ?"
    try db.query(sql, [.integer(key ?? -1), .integer(Int64(limit ?? -1))]) { row in
      try body(try row.int64(at: 2), Promo(id: try row.string(at: 0), text: try row.string(at: 1)))
    }
  }

  func viewModel(for model: Promo, context: RowContext) -> Promo {
    Promo(id: model.id, text: model.text.uppercased())
  }

  func row(for viewModel: Promo) -> FeedRow {
    FeedRow(kind: kind, id: viewModel.id, texts: [RowText("text", viewModel.text)], viewModel: viewModel)
  }

  /// A tint banner, 60 high inside the row margins, with the text centred; tapping it opens the promo.
  func card(for viewModel: Promo) -> LayoutNode {
    ZStack {
      Box(background: .black, cornerRadius: 12).id("promoBanner")
      VStack {
        Text(viewModel.text, font: FontStyle(size: 17, weight: .bold), alignment: .center, color: .white)
          .id("promoLabel")
      }
      .margin(.horizontal(20))
    }
    .height(80).margin(.insets(top: 20, left: 10, right: 10)).action("open-promo:" + viewModel.id).node
  }
}
