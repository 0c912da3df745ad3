import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// The product kind's routes in process on each backend: `GET /v1/products` (paged by key, `q=` searched with the
/// database's own full-text index), `GET /v1/products/{id}` (the product's row and card, ETag/304/gzip) and the
/// admin writes, served by the core without it naming the kind.
@Suite("FeedAPI: products")
struct ProductRouteTests {
  /// The ids and titles of a page of `GET /v1/products`, and its `next`.
  static func page(_ api: TestAPI, _ target: String) throws -> (products: [String], next: String?) {
    let answer = api.get(target)
    #expect(answer.status == 200, "\(target): \(answer.text)")
    let json = try answer.json()
    let products = try #require(json["products"] as? [[String: Any]])
    return (products.map { "\($0["id"] ?? "") \($0["title"] ?? "")" }, json["next"] as? String)
  }

  /// Every page of `target` (a query without `after`) at `limit` rows a page, concatenated.
  static func pages(_ api: TestAPI, _ target: String, limit: Int) throws -> [String] {
    var all: [String] = []
    var after: String?
    repeat {
      let separator = target.contains("?") ? "&" : "?"
      let cursor = after.map { "&after=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
      let page = try page(api, "\(target)\(separator)limit=\(limit)\(cursor ?? "")")
      #expect(page.products.count <= limit)
      all += page.products
      after = page.next
    } while after != nil
    return all
  }

  static let bundled = [
    "apex-hoodie Apex Hoodie", "arrival-shorts Arrival Shorts", "arrival-tshirt Arrival T-Shirt", "vital-top Vital Top",
  ]

  @Test(
    "the catalogue in id order, paged by key: every product once, whatever the page size", arguments: Backend.available)
  func listing(backend: Backend) throws {
    let api = try TestAPI(backend)
    let all = try Self.page(api, "/v1/products")
    #expect(all.products == Self.bundled)
    #expect(all.next == nil)
    let first = try Self.page(api, "/v1/products?limit=2")
    #expect(first.products == Array(Self.bundled.prefix(2)))
    #expect(first.next == "arrival-shorts")
    for limit in 1...5 {
      #expect(try Self.pages(api, "/v1/products", limit: limit) == Self.bundled)
    }
    #expect(
      api.get("/v1/products").text.hasPrefix(
        #"{"products":[{"id":"apex-hoodie","title":"Apex Hoodie","image":"hoodie"}"#))
  }

  @Test(
    "q finds titles by word prefixes, case and diacritics folded, best first",
    arguments: Backend.available)
  func search(backend: Backend) throws {
    let api = try TestAPI(backend)
    for (id, title) in [("lucia", "Lúcia Tee"), ("hood-lucia", "Hoodie Lucia"), ("strasse", "STRAẞE Zip-Hoodie")] {
      let created = api.send(
        "POST", "/v1/products", as: .admin, json: #"{"id": "\#(id)", "title": "\#(title)", "image": "top"}"#)
      #expect(created.status == 201, "\(created.text)")
    }
    let cases: [(String, [String])] = [
      ("hoodie", ["hood-lucia Hoodie Lucia", "apex-hoodie Apex Hoodie", "strasse STRAẞE Zip-Hoodie"]),
      ("HOOD", ["hood-lucia Hoodie Lucia", "apex-hoodie Apex Hoodie", "strasse STRAẞE Zip-Hoodie"]),
      ("lucia", ["lucia Lúcia Tee", "hood-lucia Hoodie Lucia"]),
      ("lú", ["lucia Lúcia Tee", "hood-lucia Hoodie Lucia"]),
      ("strasse hood", ["strasse STRAẞE Zip-Hoodie"]),
      ("zip", ["strasse STRAẞE Zip-Hoodie"]),
      ("arr sh", ["arrival-shorts Arrival Shorts", "arrival-tshirt Arrival T-Shirt"]),
      ("oodie", []),
      ("vital hoodie", []),
    ]
    for (query, expected) in cases {
      let q = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
      #expect(try Self.page(api, "/v1/products?q=\(q)").products == expected, "q=\(query)")
      #expect(try Self.pages(api, "/v1/products?q=\(q)", limit: 1) == expected, "q=\(query), one a page")
    }
  }

  @Test("a product is its row and card as /v1/rows shows it, with ETag, 304 and gzip", arguments: Backend.available)
  func product(backend: Backend) throws {
    let api = try TestAPI(backend)
    let answer = api.get("/v1/products/apex-hoodie")
    #expect(answer.status == 200)
    let json = try answer.json()
    #expect(json["kind"] as? String == "product")
    #expect(json["texts"] as? [String: String] == ["title": "Apex Hoodie", "image": "hoodie"])
    let card = try #require(json["card"] as? [String: Any])
    #expect(card["frame"] != nil)
    #expect(answer.body == api.get("/v1/rows/product/apex-hoodie").body)
    let tag = try #require(answer.header("ETag"))
    let again = api.get("/v1/products/apex-hoodie", headers: [HTTPField("If-None-Match", tag)])
    #expect(again.status == 304)
    #expect(again.body.isEmpty)
    let gzipped = api.get("/v1/products/apex-hoodie", headers: [HTTPField("Accept-Encoding", "gzip")])
    #expect(gzipped.status == 200)
    #expect(gzipped.header("Vary")?.contains("Accept-Encoding") == true)
    let missing = api.get("/v1/products/nope")
    #expect(missing.status == 404)
    #expect(
      try missing.json()["detail"] as? String
        == #"there is no product with the id "nope" (GET /v1/products lists them)"#)
    #expect(api.get("/v1/feed").text.contains(#""kind":"product""#) == false, "products are not in the feed")
  }

  @Test(
    "bad parameters are 400 naming them",
    arguments: [
      ("/v1/products?q=%20-%20", "q"), ("/v1/products?q=a%20b%20c%20d%20e%20f%20g%20h%20i", "q"),
      ("/v1/products?q=hood&after=nope", "after"), ("/v1/products?limit=0", "limit"),
      ("/v1/products?limit=501", "limit"),
      ("/v1/products?sort=title", "sort"), ("/v1/products?q=a&q=b", "q"), ("/v1/products/apex-hoodie?q=a", "q"),
    ])
  func badParameters(target: String, parameter: String) throws {
    let answer = try TestAPI().get(target)
    #expect(answer.status == 400, "\(answer.text)")
    #expect(try answer.json()["parameter"] as? String == parameter)
  }

  @Test(
    "POST makes a product (201, Location, its GET), 409 for a taken id, 422 naming the field, nothing else written",
    arguments: Backend.available)
  func create(backend: Backend) throws {
    let api = try TestAPI(backend)
    let created = api.send(
      "POST", "/v1/products", as: .admin, json: #"{"id": "crew-socks", "title": "Crew Socks", "image": "socks"}"#)
    #expect(created.status == 201)
    #expect(created.header("Location") == "/v1/products/crew-socks")
    let read = api.get("/v1/products/crew-socks")
    #expect(created.body == read.body)
    #expect(created.header("ETag") == read.header("ETag"))
    #expect(try Self.page(api, "/v1/products?q=sock").products == ["crew-socks Crew Socks"])
    let random = api.send("POST", "/v1/products", as: .admin, json: #"{"title": "No Id", "image": "top"}"#)
    #expect(random.status == 201)
    #expect(UUID(uuidString: try #require(try random.json()["id"] as? String)) != nil)
    let taken = api.send(
      "POST", "/v1/products", as: .admin, json: #"{"id": "apex-hoodie", "title": "X", "image": "x"}"#)
    #expect(taken.status == 409)
    let bad = api.send("POST", "/v1/products", as: .admin, json: #"{"id": "x", "title": " ", "image": "top"}"#)
    #expect(bad.status == 422)
    #expect(try bad.json()["field"] as? String == "title")
    #expect(api.send("POST", "/v1/products", as: .anonymous, json: #"{"title": "X", "image": "x"}"#).status == 401)
    #expect(
      api.send("POST", "/v1/products", as: .user("default", .write), json: #"{"title": "X", "image": "x"}"#).status
        == 403)
    #expect(try Self.page(api, "/v1/products?limit=500").products.count == 6)
  }

  @Test("PATCH needs If-Match and re-indexes the title: the old words find it no more", arguments: Backend.available)
  func change(backend: Backend) throws {
    let api = try TestAPI(backend)
    let target = "/v1/products/vital-top"
    let tag = try #require(api.get(target).header("ETag"))
    let change = #"{"title": "Élan Tank"}"#
    #expect(api.send("PATCH", target, as: .admin, json: change).status == 428)
    #expect(
      api.send("PATCH", target, as: .admin, json: change, headers: [HTTPField("If-Match", #""0-1""#)]).status == 412)
    let changed = api.send("PATCH", target, as: .admin, json: change, headers: [HTTPField("If-Match", tag)])
    #expect(changed.status == 200)
    #expect(changed.body == api.get(target).body)
    #expect(try Self.page(api, "/v1/products?q=vital").products.isEmpty)
    #expect(try Self.page(api, "/v1/products?q=elan").products == ["vital-top Élan Tank"])
    let bad = api.send("PATCH", target, as: .admin, json: #"{"image": null}"#, headers: [HTTPField("If-Match", "*")])
    #expect(bad.status == 422)
    #expect(try bad.json()["field"] as? String == "image")
  }

  @Test(
    "DELETE: 409 while an order names the product, else 204 and gone from the list and the search",
    arguments: Backend.available)
  func delete(backend: Backend) throws {
    let api = try TestAPI(backend)
    let ordered = "/v1/products/apex-hoodie"
    let tag = try #require(api.get(ordered).header("ETag"))
    let refused = api.send("DELETE", ordered, as: .admin, headers: [HTTPField("If-Match", tag)])
    #expect(refused.status == 409)
    #expect(
      try refused.json()["detail"] as? String
        == #"the product "apex-hoodie" is in 1 order line, which keep it: an ordered product cannot be deleted"#)
    #expect(api.get(ordered).status == 200)
    let created = api.send(
      "POST", "/v1/products", as: .admin, json: #"{"id": "gone", "title": "Gone Hoodie", "image": "x"}"#)
    let fresh = try #require(created.header("ETag"))
    #expect(api.send("DELETE", "/v1/products/gone", as: .admin).status == 428)
    #expect(api.send("DELETE", "/v1/products/gone", as: .admin, headers: [HTTPField("If-Match", fresh)]).status == 204)
    #expect(api.get("/v1/products/gone").status == 404)
    #expect(try Self.page(api, "/v1/products?q=gone").products.isEmpty)
    #expect(try Self.page(api, "/v1/products").products == Self.bundled)
  }

  @Test("an order naming an unknown product is 422 saying where the products are", arguments: Backend.available)
  func unknownProductInAnOrder(backend: Backend) throws {
    let api = try TestAPI(backend)
    let answer = api.send(
      "POST", "/v1/me/orders", as: .user("default", .write), json: #"{"items": [{"product": "nope", "quantity": 1}]}"#)
    #expect(answer.status == 422)
    let json = try answer.json()
    #expect(json["field"] as? String == "items[0].product")
    #expect(
      json["detail"] as? String
        == #"field "items[0].product": unknown product "nope" (GET /v1/products lists the products)"#)
  }

  @Test(
    "product writes report what feeds show: a new picture updates each latest order showing it, for its owner",
    arguments: Backend.available)
  func changeLog(backend: Backend) throws {
    let api = try TestAPI(backend)
    try api.addUsers(["ada"])
    let ada = try #require(
      try api.send(
        "POST", "/v1/me/orders", as: .user("ada", .write),
        json: #"{"items": [{"product": "vital-top", "quantity": 1}]}"#
      ).json()["id"] as? String)
    let db = try ChangeLogTests.connection(api)
    let start = try ChangeLogTests.newest(db)
    let any = [HTTPField("If-Match", "*")]
    #expect(
      api.send("POST", "/v1/products", as: .admin, json: #"{"id": "p1", "title": "P", "image": "x"}"#).status == 201)
    #expect(
      api.send("PATCH", "/v1/products/vital-top", as: .admin, json: #"{"title": "Top"}"#, headers: any).status == 200)
    #expect(try ChangeLogTests.changes(after: start, for: "ada", in: db).isEmpty, "no feed shows a product's title")
    #expect(
      api.send("PATCH", "/v1/products/vital-top", as: .admin, json: #"{"image": "top-2"}"#, headers: any).status == 200)
    #expect(api.send("DELETE", "/v1/products/p1", as: .admin, headers: any).status == 204)
    #expect(try ChangeLogTests.changes(after: start, for: "ada", in: db) == ["update order \(ada)"])
    // The default user's latest order (the seeded one) has the vital top too.
    #expect(
      try ChangeLogTests.changes(after: start, for: "default", in: db) == ["update order \(ChangeLogTests.seededOrder)"]
    )
    #expect(api.get("/v1/rows/order/\(ChangeLogTests.seededOrder)").text.contains(#""image":"top-2""#))
  }
}
