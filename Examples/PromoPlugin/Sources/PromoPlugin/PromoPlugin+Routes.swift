import FeedPlugins
import FeedStore
import SQLCore

/// The example's one write: `POST /v1/promos` `{"id", "text"}` (admin) adds a promo after the others, its body
/// checked by ``PromoPlugin/Rules/new`` (the rules of `promos.json`). The server routes to it without knowing
/// the kind.
extension PromoPlugin: RowRoutes {
  private enum WriteSQL {
    static let exists = "SELECT 1 FROM promo WHERE id = $1"
    static let append = "INSERT INTO promo (id, text, rank) SELECT $1, $2, coalesce(max(rank), 0) + 1 FROM promo"
  }

  /// `POST /v1/promos`.
  public var routes: [RowRoute] {
    [
      RowRoute(.post, "/v1/promos", scope: .admin, body: Rules.new) { request, db in
        let promo = try Self.promo(from: request.requireBody())
        try db.takeWriteTurn(on: "promo")  // the rank is read, then written: one insert at a time
        guard try db.queryOne(WriteSQL.exists, [.text(promo.id)], { _ in true }) == nil else {
          throw RowRefusal.conflict("there is already a promo with the id \"\(promo.id)\"")
        }
        try db.execute(WriteSQL.append, [.text(promo.id), .text(promo.text)])
        let row = self.row(for: viewModel(for: promo, context: request.context))
        return .created(row, location: "/v1/rows/promo/\(promo.id)", for: .everyone)  // a promo without users
      }
    ]
  }
}
