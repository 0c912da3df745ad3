import BuiltInPlugins
import FeedOptions

/// `stackfeed products [--query Q]`: the product catalogue (what `POST /v1/me/orders` names), in id order or, with
/// a query, the products whose titles match it, best first — the listing and search of `GET /v1/products`.
struct ProductsCommand: Command {
  static let name = "products"
  static let summary = "lists or searches the product catalogue (the ids an order names)"
  static let usage =
    "stackfeed products [--query Q] [--format text|json] [--limit N] [--after CURSOR] [--db PATH]"
  static let help = """
      --query Q           only the products whose title has a word starting with each word of Q, case and
                          diacritics folded (hoodie finds "Apex Hoodie", lucia finds "Lúcia"), best first
      --format text|json  a table for people (default), or JSON for programs, as GET /v1/products answers:
                          {"products": [{"id", "title", "image"}], "next": CURSOR|null}
      --limit N           print at most N products; "next" is then the cursor of the following page
      --after CURSOR      start after the product a previous page's "next" cursor names
    """

  /// `--query`, when given.
  var query: String?
  /// `--format json`.
  var json = false
  var limit: Int?
  /// `--after`, as given.
  var after: String?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    query = try arguments.option("--query")
    if let query {
      let terms = ProductSearch.terms(query)
      guard !terms.isEmpty else { throw UsageError("--query has no letter or digit to search for") }
      guard terms.count <= ProductSearch.maximumTerms else {
        throw UsageError("--query has \(terms.count) words; a search takes at most \(ProductSearch.maximumTerms)")
      }
    }
    json = try arguments.choice("format", among: ["text", "json"]) == "json"
    limit = try arguments.pageLimit()
    after = try arguments.option("--after")
  }

  func run(in context: CommandContext) throws {
    let catalogue = ProductCatalogue(try context.openDatabase(bootstrap: true).database)
    var page: ProductCatalogue.Page
    do {
      // Without --limit, every product: pages of a thousand, each after the last.
      page = try catalogue.page(query: query, after: after, limit: limit ?? Self.pageSize)
      while limit == nil, let next = page.next {
        let more = try catalogue.page(query: query, after: next, limit: Self.pageSize)
        page = ProductCatalogue.Page(products: page.products + more.products, next: more.next)
      }
    } catch let bad as ProductCatalogue.BadQuery {
      throw UsageError("--" + bad.detail)
    }
    if json {
      try context.output.append { page.rowPage.append(to: &$0) }
      return
    }
    let rows = page.products.map { [$0.id, $0.title, $0.image] }
    try context.output.write(TextTable.render(header: ["ID", "TITLE", "IMAGE"], rows: rows))
    if let next = page.next {
      var arguments = ["products"]
      if let query { arguments += ["--query", query] }
      if let limit { arguments += ["--limit", String(limit)] }
      try context.note("more after this page: \(context.commandLine(arguments + ["--after", next]))")
    } else if page.products.isEmpty {
      try context.note(
        query == nil ? "no products in \(context.location.name)" : "no product matches \"\(query ?? "")\"")
    }
  }

  /// The page size of a listing without `--limit`.
  static let pageSize = 1_000
}
