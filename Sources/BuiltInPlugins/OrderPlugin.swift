import CivilTime
import FeedModels
import FeedPlugins
import FeedStore
import FeedViewModels
import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The order row: the viewer's most recent order (by `orderedAt`) with its line items and products, at index 1
/// of the feed items. Owns `orders.json` (an order's optional `"user"` names its owner, its lines name products of
/// the product kind's `products.json`).
public struct OrderPlugin: RowPlugin {
  enum SQL {
    static let upsertOrder = """
      INSERT INTO orders (id, status, ordered_at, user_id) VALUES ($1, $2, $3, $4)
      ON CONFLICT (id) DO UPDATE SET status = excluded.status, ordered_at = excluded.ordered_at,
        user_id = excluded.user_id
      WHERE orders.status IS DISTINCT FROM excluded.status OR orders.ordered_at IS DISTINCT FROM excluded.ordered_at
        OR orders.user_id IS DISTINCT FROM excluded.user_id
      """
    static let deleteLines = "DELETE FROM line_item WHERE order_id = $1"
    static let insertLine = "INSERT INTO line_item (order_id, line, product_id, quantity) VALUES ($1, $2, $3, $4)"
    static let deleteAll = ["DELETE FROM line_item", "DELETE FROM orders"]
    /// The user's latest order (from the (user_id, ordered_at, id) index) and its lines with their products, in
    /// one query (no N+1).
    static let latest = """
      WITH latest AS (
        SELECT id, status, ordered_at FROM orders WHERE user_id = $1 ORDER BY ordered_at DESC, id DESC LIMIT 1)
      SELECT latest.id, latest.status, latest.ordered_at, line_item.quantity, product.id, product.title, product.image
      FROM latest
      LEFT JOIN line_item ON line_item.order_id = latest.id
      LEFT JOIN product ON product.id = line_item.product_id
      ORDER BY line_item.line
      """
  }

  /// Creates the plugin.
  public init() {}

  /// `order`.
  public var kind: String { "order" }
  /// At index 1 of the feed items.
  public var placement: RowPlacement { .inserted(at: FeedComposition.orderIndex) }
  /// Its bundled `Migrations/order/`.
  public var migrations: [Migration] { BuiltInFiles.order.migrations }
  /// `orders.json`.
  public var seedFiles: [String] { ["orders.json"] }
  /// Its bundled `Seeds/order/`: the reference feed's.
  public var defaultSeeds: [String: Data] { BuiltInFiles.order.seeds }

  /// Reads `orders.json` (and the products of `products.json` its lines name); see ``OrderSeed``.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> OrderSeed? {
    try OrderSeed.validate(files)
  }

  /// Upserts orders by id and replaces each seeded order's line items (the product kind, before this one in the
  /// registry, has written the products).
  public func writeSeed(_ seed: OrderSeed, to db: StoreConnection) throws {
    let order = try db.prepare(SQL.upsertOrder)
    let deleteLines = try db.prepare(SQL.deleteLines)
    let insertLine = try db.prepare(SQL.insertLine)
    for record in seed.orders {
      try order.run([
        .text(record.id), .text(record.status),
        .integer(UTCMilliseconds.since1970(seconds: record.orderedAt.timeIntervalSince1970)), .text(record.user),
      ])
      try deleteLines.run([.text(record.id)])
      for (line, item) in record.lines.enumerated() {
        try insertLine.run([
          .text(record.id), .integer(Int64(line)), .text(item.product), .integer(Int64(item.quantity)),
        ])
      }
    }
  }

  /// Deletes line items and orders (the product kind, after this one in reverse registry order, the products).
  public func deleteAll(in db: StoreConnection) throws {
    for sql in SQL.deleteAll { try db.execute(sql) }
  }

  /// The viewer's most recent order, with key 0, when they have one and `key` is nil.
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, Order) throws -> Void
  ) throws {
    guard let latest = statements(after: key, limit: limit, context: context).first else { return }
    var order: Order?
    try db.query(latest.sql, latest.arguments) { row in
      if order == nil { order = try Self.order(row) }
      if let item = try Self.lineItem(row) { order?.items.append(item) }
    }
    if let order { try body(0, order) }
  }

  /// The viewer's latest order with its lines, when the feed starts before it.
  public func statements(after key: Int64?, limit: Int?, context: RowContext) -> [SQLQuery] {
    guard key == nil, limit != 0 else { return [] }
    return [SQLQuery(SQL.latest, [.text(context.viewer)])]
  }

  /// The order (without its items) of a result row whose first columns are id, status, ordered_at.
  static func order(_ row: StoreRow) throws -> Order {
    let date = Date(timeIntervalSince1970: UTCMilliseconds.seconds(try row.int64(at: 2)))
    return Order(id: try row.string(at: 0), status: try row.string(at: 1), orderedAt: date, items: [])
  }

  /// The line item of a result row whose columns 3…6 are quantity, product id, title, image; `nil` for an
  /// order without lines (the left join's nulls).
  static func lineItem(_ row: StoreRow) throws -> LineItem? {
    guard let quantity = try row.optionalInt64(at: 3) else { return nil }
    let product = Product(id: try row.string(at: 4), title: try row.string(at: 5), image: try row.string(at: 6))
    return LineItem(product: product, quantity: Int(quantity))
  }

  /// The order texts and gallery, dated in the context's time zone.
  public func viewModel(for model: Order, context: RowContext) -> OrderViewModel {
    OrderViewModel(order: model, dates: OrderDateFormatter(timeZone: context.timeZone))
  }

  /// `title`, `subtitle`, and the `gallery` list of `{image, overlay}` items.
  public func row(for viewModel: consuming OrderViewModel) -> FeedRow {
    let gallery = viewModel.gallery.map { [RowText("image", $0.image), RowText("overlay", $0.overlay)] }
    return FeedRow(
      kind: kind, id: viewModel.id,
      texts: [RowText("title", viewModel.title), RowText("subtitle", viewModel.subtitle)],
      lists: [RowList("gallery", gallery)], viewModel: viewModel)
  }
}
