import FeedModels
import FeedPlugins
import FeedStore
import SQLCore

/// One page of the catalogue, as `GET /v1/products` and `stackfeed products` give it: every product in id order,
/// or those whose title matches a query (``ProductSearch``), best first. Both are paged by key, never by offset:
/// the cursor is the last product's id, or for a search its rank, folded length and id.
///
/// A search's rank is computed by the same SQL on both databases, from the folded title alone: the sum, over the
/// query's words, of the byte position of the first word of the title that starts with it (a title that starts
/// with the words first), then the folded title's length (the shorter title, more of which the query matched),
/// then the id (ties broken the same way everywhere). The engines' own scores (FTS5's `bm25`, PostgreSQL's
/// `ts_rank`) are not used: they differ, and results must be byte-identical on both.
///
///     let page = try ProductCatalogue(db).page(query: "hood", after: nil, limit: 20)
///     page.products   // [Apex Hoodie]
public struct ProductCatalogue {
  enum SQL {
    /// At most $2 products in id order after the id $1.
    static let all = "SELECT id, title, image FROM product WHERE id > $1 ORDER BY id LIMIT $2"

    /// The products matching `terms`, ranked, after the rank, length and id $2, $3, $4; at most $5. $1 is the
    /// engine's full-text query; $6… the terms.
    static func search(_ terms: Int, dialect: SQLDialect) -> String {
      let position = dialect == .postgres ? "strpos" : "instr"
      let rank = (0..<terms).map { "\(position)(' ' || product.search, ' ' || $\($0 + 6))" }.joined(separator: " + ")
      let matched =
        switch dialect {
        case .sqlite:
          "FROM product_search JOIN product ON product.search_key = product_search.rowid WHERE product_search MATCH $1"
        case .postgres: "FROM product WHERE product.search_vector @@ to_tsquery('simple', $1)"
        }
      return """
        WITH found AS (
          SELECT product.id, product.title, product.image, \(rank) AS rank, length(product.search) AS size \(matched))
        SELECT id, title, image, rank, size FROM found WHERE (rank, size, id) > ($2, $3, $4)
        ORDER BY rank, size, id LIMIT $5
        """
    }

    /// The full-text query of `terms`: each a prefix of a word of the title.
    static func match(_ terms: [String], dialect: SQLDialect) -> String {
      switch dialect {
      case .sqlite: terms.map { $0 + "*" }.joined(separator: " ")
      case .postgres: terms.map { $0 + ":*" }.joined(separator: " & ")
      }
    }
  }

  /// A page: the products and the cursor of the next page (`nil` on the last).
  public struct Page: Sendable, Hashable {
    /// The products, in order.
    public var products: [Product]
    /// The `after` of the next page.
    public var next: String?

    /// A page of `products`, followed by the one after `next` (none when `nil`).
    public init(products: [Product], next: String?) {
      self.products = products
      self.next = next
    }

    /// The page as the routes and `stackfeed products --format json` write it:
    /// `{"products": [{"id", "title", "image"}, …], "next": …}`.
    public var rowPage: RowPage {
      RowPage(
        "products",
        products.map { [RowText("id", $0.id), RowText("title", $0.title), RowText("image", $0.image)] },
        next: next)
    }
  }

  /// A query or cursor the catalogue cannot take: the sentence says why, `parameter` names `q` or `after`.
  public struct BadQuery: Error, Sendable, Hashable {
    /// `q` or `after`.
    public var parameter: String
    /// One sentence.
    public var detail: String
  }

  private let db: StoreConnection

  /// The catalogue of `db`.
  public init(_ db: StoreConnection) {
    self.db = db
  }

  /// Up to `limit` products after the cursor `after` (from the first when `nil`): all of them in id order when
  /// `query` is `nil`, else those whose title has a word starting with each of the query's words, best first.
  /// Throws ``BadQuery`` for a query without a letter or digit or with more than ``ProductSearch/maximumTerms``
  /// words, and for an empty cursor or one a search did not make.
  public func page(query: String?, after: String?, limit: Int) throws -> Page {
    guard after?.isEmpty != true else {
      throw BadQuery(parameter: "after", detail: "after is empty: give the next cursor of the page before, or no after")
    }
    guard let query else {
      let products = try db.queryAll(SQL.all, [.text(after ?? ""), .integer(Int64(limit) + 1)], ProductPlugin.product)
      return Page(products: Array(products.prefix(limit)), next: products.count > limit ? products[limit - 1].id : nil)
    }
    let terms = ProductSearch.terms(query)
    guard !terms.isEmpty else {
      throw BadQuery(parameter: "q", detail: "q has no letter or digit to search for")
    }
    guard terms.count <= ProductSearch.maximumTerms else {
      throw BadQuery(
        parameter: "q", detail: "q has \(terms.count) words; a search takes at most \(ProductSearch.maximumTerms)")
    }
    let (rank, size, id) = try Self.searchCursor(after)
    let arguments: [SQLValue] =
      [
        .text(SQL.match(terms, dialect: db.dialect)), .integer(rank), .integer(size), .text(id),
        .integer(Int64(limit) + 1),
      ]
      + terms.map { .text($0) }
    var found: [(product: Product, rank: Int64, size: Int64)] = []
    try db.query(SQL.search(terms.count, dialect: db.dialect), arguments) { row in
      found.append((try ProductPlugin.product(row), try row.int64(at: 3), try row.int64(at: 4)))
    }
    let last = found.count > limit ? found[limit - 1] : nil
    return Page(
      products: found.prefix(limit).map(\.product), next: last.map { "\($0.rank).\($0.size).\($0.product.id)" })
  }

  /// The rank, folded length and id of a search's cursor `RANK.SIZE.ID`; before every product when `nil`.
  private static func searchCursor(_ cursor: String?) throws(BadQuery) -> (Int64, Int64, String) {
    guard let cursor else { return (0, 0, "") }
    let parts = cursor.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, let rank = Int64(parts[0]), let size = Int64(parts[1]), !parts[2].isEmpty else {
      throw BadQuery(
        parameter: "after",
        detail: "after \"\(cursor)\" is not a cursor of a search (RANK.SIZE.ID, as the previous page's next gives it)")
    }
    return (rank, size, String(parts[2]))
  }
}
