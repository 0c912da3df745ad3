import FeedModels
import FeedPlugins
import FeedStore
import SQLCore

extension ProductPlugin: RowRoutes {
  /// `GET /v1/products` (`q`, `limit`, `after`) and `GET /v1/products/{id}` for anyone; `POST /v1/products`
  /// (`Idempotency-Key`), `PATCH` and `DELETE /v1/products/{id}` for admins, the last two with `If-Match` of the
  /// product's `ETag` as its `GET` gives it.
  public var routes: [RowRoute] {
    // The product as `GET /v1/products/{id}` shows it, read locked for the write.
    let current: RowRoute.Target = { request, db in
      try db.queryOne(SQL.byID + db.dialect.locking(table: SQL.table), [.text(request.parameter("id"))]) { row in
        self.row(for: try Self.product(row))
      }
    }
    return [
      RowRoute(.get, "/v1/products", scope: nil, query: ["q"], paging: Self.paging) { request, db in
        try list(request, db)
      },
      RowRoute(.get, "/v1/products/{id}", scope: nil) { request, db in
        let id = request.parameter("id")
        guard let row = try loadRow(id: id, from: db, context: request.context) else {
          throw RowRefusal.notFound(Self.unknown(id))
        }
        return .ok(row)
      },
      RowRoute(.post, "/v1/products", scope: .admin, body: Rules.new, isIdempotent: true) { request, db in
        try create(request, db)
      },
      RowRoute(.patch, "/v1/products/{id}", scope: .admin, body: Rules.change, target: current) { request, db in
        try change(request, db)
      },
      RowRoute(.delete, "/v1/products/{id}", scope: .admin, target: current) { request, db in
        try delete(request, db)
      },
    ]
  }

  /// Pages of 20 products, up to 500.
  static let paging = RowRoute.Paging(defaultLimit: 20, maximum: 500)

  /// Where a client finds the products: what a refusal naming an unknown one says.
  public static let listRoute = "GET /v1/products"

  /// `there is no product with the id "x" (GET /v1/products lists them)`.
  static func unknown(_ id: String) -> String {
    "there is no product with the id \"\(id)\" (\(listRoute) lists them)"
  }

  /// `GET /v1/products[?q=…&limit=…&after=…]`: a page of the catalogue (``ProductCatalogue``).
  private func list(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let page = request.page ?? (Self.paging.defaultLimit, nil)
    do {
      return .ok(try ProductCatalogue(db).page(query: request.query["q"], after: page.after, limit: page.limit).rowPage)
    } catch let bad as ProductCatalogue.BadQuery {
      throw RowRefusal.badParameter(bad.parameter, bad.detail)
    }
  }

  /// `POST /v1/products` `{"id"?, "title", "image"}`: a new product (a random UUID id when none is given; 409 when
  /// the id is taken), at `/v1/products/{id}`; no feed shows it yet (no change of feeds).
  private func create(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let record = try request.requireBody()
    var ids = RandomIDs(.system)
    let id = try record.optionalString("id") == nil ? ids.uuid() : try record.identifier()
    let product = try Self.product(id: id, from: record)
    try db.takeWriteTurn(on: SQL.table)
    guard try db.queryOne(SQL.byID, [.text(id)], { _ in true }) == nil else {
      throw RowRefusal.conflict("there is already a product with the id \"\(id)\"")
    }
    try db.execute(SQL.insert, Self.columns(of: product))
    return .created(row(for: product), location: "/v1/products/\(id)", for: nil)
  }

  /// `PATCH /v1/products/{id}` `{"title"?, "image"?}`: the given fields replace the product's; orders show the
  /// new picture from then on (their lines name the product, not a copy of it), so a new picture is an update of
  /// each feed's order that shows it, for its owner (the change log); a product is in no feed itself.
  private func change(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let patch = try request.requireBody()
    let id = request.parameter("id")
    guard let current = try db.queryOne(SQL.byID, [.text(id)], Self.product) else {
      throw RowRefusal.notFound(Self.unknown(id))
    }
    let changed = patch.merged(overTexts: [("title", current.title), ("image", current.image)])
    try Rules.fields.check(changed)
    let product = try Self.product(id: id, from: changed)
    try db.execute(SQL.update, Self.columns(of: product))
    let shown = product.image == current.image ? [] : try OrderPlugin.latestOrders(showing: id, in: db)
    return .ok(row(for: product)).changing(shown)
  }

  /// `DELETE /v1/products/{id}`: 204, or 409 while an order's line names the product — an order keeps what was
  /// ordered, so a product that was ever ordered stays in the catalogue (change its title or picture instead).
  private func delete(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let id = request.parameter("id")
    let uses = try db.queryOne(SQL.uses, [.text(id)]) { try $0.int64(at: 0) } ?? 0
    guard uses == 0 else {
      throw RowRefusal.conflict(
        "the product \"\(id)\" is in \(uses) order line\(uses == 1 ? "" : "s"), which keep it: an ordered product "
          + "cannot be deleted")
    }
    try db.execute(SQL.delete, [.text(id)])
    return .deleted(kind: kind, id: id, for: nil)
  }
}
