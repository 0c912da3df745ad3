import CivilTime
import FeedModels
import FeedPlugins
import FeedStore
import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension OrderPlugin: RowRoutes {
  enum WriteSQL {
    static let product = "SELECT title, image FROM product WHERE id = $1"
    /// The user's latest order (its feed shows it, as ``OrderPlugin/loadModels(from:after:limit:context:_:)``
    /// picks it) and its time, from the (user_id, ordered_at, id) index: a new order replaces it in the feed, and
    /// is placed now, or just after it when that is later (same millisecond, a clock set back), so that the new
    /// order is at once the user's latest (index 1 of their feed).
    static let latest = """
      SELECT id, ordered_at FROM orders WHERE user_id = $1 ORDER BY ordered_at DESC, id DESC LIMIT 1
      """
    static let insertOrder = "INSERT INTO orders (id, status, ordered_at, user_id) VALUES ($1, $2, $3, $4)"
    static let setStatus = "UPDATE orders SET status = $2 WHERE id = $1"
    /// The users' latest orders that have a line of the product $1, with their owners.
    static let latestShowing = """
      SELECT orders.id, orders.user_id FROM orders
      WHERE orders.id IN (SELECT order_id FROM line_item WHERE product_id = $1)
        AND NOT EXISTS (
          SELECT 1 FROM orders AS newer WHERE newer.user_id = orders.user_id
            AND (newer.ordered_at > orders.ordered_at OR (newer.ordered_at = orders.ordered_at AND newer.id > orders.id)))
      ORDER BY orders.id
      """
    /// One order with its lines and products, and its owner.
    static let order = """
      SELECT orders.id, orders.status, orders.ordered_at, line_item.quantity, product.id, product.title,
        product.image, orders.user_id
      FROM orders
      LEFT JOIN line_item ON line_item.order_id = orders.id
      LEFT JOIN product ON product.id = line_item.product_id
      WHERE orders.id = $1
      ORDER BY line_item.line
      """
  }

  /// The status of an order placed through the API.
  public static let placedStatus = "placed"

  /// `PATCH /v1/orders/{id}` `{"status"}`, by ``Rules/change``: an update its owner may see (shown only while it
  /// is their latest order; the change log's readers find that out).
  private func setStatus(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let status = try request.requireBody().string("status")
    let id = request.parameter("id")
    try db.execute(WriteSQL.setStatus, [.text(id), .text(status)])
    guard let (order, owner) = try load(id, db) else { throw RowRefusal.notFound("there is no order \"\(id)\"") }
    return .updated(row(for: order, request), for: .user(owner))
  }

  /// `POST /v1/me/orders` (scope write, `Idempotency-Key`), `GET /v1/orders/{id}` (its owner or an admin: 404
  /// for anyone else, never revealing that it exists), `PATCH /v1/orders/{id}` (admin, `If-Match`).
  public var routes: [RowRoute] {
    [
      RowRoute(.post, "/v1/me/orders", scope: .write, body: Rules.new, isIdempotent: true) { request, db in
        try place(request, db)
      },
      RowRoute(.get, "/v1/orders/{id}", scope: .read) { request, db in
        let id = request.parameter("id")
        guard let (order, owner) = try load(id, db), owner == request.user || request.scope == .admin else {
          throw RowRefusal.notFound("there is no order with the id \"\(id)\"")
        }
        return .ok(row(for: order, request))
      },
      RowRoute(
        .patch, "/v1/orders/{id}", scope: .admin, body: Rules.change,
        target: { request, db in
          try load(request.parameter("id"), db, locking: true).map { row(for: $0.order, request) }
        },
        handler: { request, db in try setStatus(request, db) }),
    ]
  }

  /// `POST /v1/me/orders` `{"items": [{"product", "quantity"}]}`: a new order of the caller's, by ``Rules/new``
  /// (each product must exist: an unknown one is a 422 saying where the products are listed); 201 with its row, at
  /// `/v1/orders/{id}`. It becomes the caller's latest order, so their feed shows it instead of the one before: its
  /// insert and that one's delete, for the caller only.
  private func place(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let record = try request.requireBody()
    var products: [String: Product] = [:]
    for element in try record.array("items") {
      guard let id = try? SeedRecord(element, file: record.file, index: nil).string("product"), products[id] == nil
      else { continue }
      products[id] = try db.queryOne(WriteSQL.product, [.text(id)]) { row in
        Product(id: id, title: try row.string(at: 0), image: try row.string(at: 1))
      }
    }
    let lines = try OrderSeed.lines(of: record, id: nil) { product in
      products[product] == nil ? "unknown product \"\(product)\" (\(ProductPlugin.listRoute) lists the products)" : nil
    }
    let previous = try db.queryOne(WriteSQL.latest, [.text(request.user)]) { row in
      (id: try row.string(at: 0), time: try row.int64(at: 1))
    }
    let time = max(
      UTCMilliseconds.since1970(seconds: request.now.timeIntervalSince1970), (previous?.time ?? Int64.min) + 1)
    var ids = RandomIDs(.system)
    let id = ids.uuid()
    try db.execute(WriteSQL.insertOrder, [.text(id), .text(Self.placedStatus), .integer(time), .text(request.user)])
    let insertLine = try db.prepare(SQL.insertLine)
    for (number, line) in lines.enumerated() {
      try insertLine.run([.text(id), .integer(Int64(number)), .text(line.product), .integer(Int64(line.quantity))])
    }
    let order = Order(
      id: id, status: Self.placedStatus, orderedAt: Date(timeIntervalSince1970: UTCMilliseconds.seconds(time)),
      items: lines.compactMap { line in products[line.product].map { LineItem(product: $0, quantity: line.quantity) } })
    let placed = RowOutcome.created(row(for: order, request), location: "/v1/orders/\(id)", for: .user(request.user))
    return previous.map { placed.with(FeedChange(.delete, kind: kind, id: $0.id, for: .user(request.user))) } ?? placed
  }

  /// The order `id` and its owner, or `nil` when there is none; `locking`: its `orders` row locked for the write
  /// transaction (a route's target).
  private func load(_ id: String, _ db: StoreConnection, locking: Bool = false) throws -> (
    order: Order, owner: String
  )? {
    var found: (order: Order, owner: String)?
    let sql = locking ? WriteSQL.order + db.dialect.locking(table: "orders") : WriteSQL.order
    try db.query(sql, [.text(id)]) { row in
      if found == nil {
        found = (try Self.order(row), try row.string(at: 7))
      }
      if let item = try Self.lineItem(row) { found?.order.items.append(item) }
    }
    return found
  }

  /// The row of `order`, formatted in the request's context.
  private func row(for order: Order, _ request: RowRequest) -> FeedRow {
    row(for: viewModel(for: order, context: request.context))
  }

  /// An update of each order a feed shows (its owner's latest) with a line of `product`, for its owner: what a
  /// change of the product's picture changes in feeds.
  static func latestOrders(showing product: String, in db: StoreConnection) throws -> [FeedChange] {
    try db.queryAll(WriteSQL.latestShowing, [.text(product)]) { row in
      FeedChange(.update, kind: OrderPlugin().kind, id: try row.string(at: 0), for: .user(try row.string(at: 1)))
    }
  }
}
