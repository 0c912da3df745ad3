import FeedModels
import FeedPlugins
import FeedStore
import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The product catalogue (`products.json`): what orders are made of. Not in the feed (``RowPlacement/catalogue``):
/// a product is read by id (`/v1/rows/product/{id}`, `GET /v1/products/{id}`), listed and searched by the kind's
/// routes (`GET /v1/products?q=`) and `stackfeed products`, and written by its admin routes. Its table, `product`,
/// is older than the kind (the order kind's `0003_order_create` made it, when orders owned their products); the
/// kind's own migration adds the search index (``ProductSearch``).
public struct ProductPlugin: RowPlugin {
  enum SQL {
    /// The table, whose inserts take turns (`StoreConnection.takeWriteTurn(on:)`).
    static let table = "product"
    static let upsert = """
      INSERT INTO product (id, title, image, search) VALUES ($1, $2, $3, $4)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, image = excluded.image, search = excluded.search
      WHERE product.title IS DISTINCT FROM excluded.title OR product.image IS DISTINCT FROM excluded.image
        OR product.search IS DISTINCT FROM excluded.search
      """
    static let insert = "INSERT INTO product (id, title, image, search) VALUES ($1, $2, $3, $4)"
    static let update = "UPDATE product SET title = $2, image = $3, search = $4 WHERE id = $1"
    static let delete = "DELETE FROM product WHERE id = $1"
    static let byID = "SELECT id, title, image FROM product WHERE id = $1"
    /// At most $1 products in id order, after the first $2.
    static let ordered = "SELECT id, title, image FROM product ORDER BY id LIMIT $1 OFFSET $2"
    static let deleteAll = "DELETE FROM product"
    /// How many order lines name the product.
    static let uses = "SELECT count(*) FROM line_item WHERE product_id = $1"
  }

  /// Creates the plugin.
  public init() {}

  /// `product`.
  public var kind: String { "product" }
  /// Not in the feed: a catalogue.
  public var placement: RowPlacement { .catalogue }
  /// Its bundled `Migrations/product/`: the search index.
  public var migrations: [Migration] { BuiltInFiles.product.migrations }
  /// `products.json`.
  public var seedFiles: [String] { [Self.seedFile] }
  /// Its bundled `Seeds/product/`: the reference order's four products.
  public var defaultSeeds: [String: Data] { BuiltInFiles.product.seeds }
  /// `products.json`, which orders' records refer to.
  public static let seedFile = "products.json"

  /// Reads `products.json`: an array of records by ``Rules/record`` (`{id, title, image}`) with unique ids.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> [Product]? {
    try files.models(Self.seedFile, checkedBy: Rules.record, Self.product(id:from:))
  }

  /// The product `id` of a record checked by ``Rules``.
  static func product(id: String, from record: SeedRecord) throws(SeedError) -> Product {
    Product(id: id, title: try record.string("title"), image: try record.string("image"))
  }

  /// Upserts the products by id, each with its folded title (``ProductSearch/fold(_:)``).
  public func writeSeed(_ seed: [Product], to db: StoreConnection) throws {
    let upsert = try db.prepare(SQL.upsert)
    for product in seed {
      try upsert.run(Self.columns(of: product))
    }
  }

  /// The columns id, title, image and search of `product` (`SQL.insert`, `SQL.upsert`, `SQL.update`).
  static func columns(of product: Product) -> [SQLValue] {
    [.text(product.id), .text(product.title), .text(product.image), .text(ProductSearch.fold(product.title))]
  }

  /// Deletes every product (after the orders' lines, which the order kind, later in the registry, deletes first).
  public func deleteAll(in db: StoreConnection) throws {
    try db.execute(SQL.deleteAll)
  }

  /// The products in id order, after the `key`-th, the key their ordinal (from 1). Only the gallery's samples read
  /// them so: the catalogue is not in the feed, and its routes page it by id (``ProductCatalogue``).
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, Product) throws -> Void
  ) throws {
    var ordinal = key ?? 0
    let arguments: [SQLValue] = [.integer(limit.map(Int64.init) ?? Int64.max), .integer(ordinal)]
    try db.query(SQL.ordered, arguments, rowsAtMost: limit) { row in
      ordinal += 1
      try body(ordinal, try Self.product(row))
    }
  }

  /// The product with `id`, by its primary key.
  public func loadRow(id: String, from db: StoreConnection, context: RowContext) throws -> FeedRow? {
    try db.queryOne(SQL.byID, [.text(id)]) { row in self.row(for: try Self.product(row)) }
  }

  /// The product of a result row whose first columns are id, title, image.
  static func product(_ row: StoreRow) throws -> Product {
    let id = try row.string(at: 0)
    let title = try row.string(at: 1)
    let image = try row.string(at: 2)
    return Product(id: id, title: title, image: image)
  }

  /// The product itself: its texts need no formatting.
  public func viewModel(for model: Product, context: RowContext) -> Product {
    model
  }

  /// `title`, `image`.
  public func row(for viewModel: consuming Product) -> FeedRow {
    FeedRow(
      kind: kind, id: viewModel.id, texts: [RowText("title", viewModel.title), RowText("image", viewModel.image)],
      viewModel: viewModel)
  }
}
