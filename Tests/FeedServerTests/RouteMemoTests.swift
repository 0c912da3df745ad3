import FeedStore
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// The plugins' `GET` routes (the product catalogue, an order) answered from the answer memo as the data
/// endpoints are, in process on each backend: remembered the second time they are made, forgotten by a write,
/// never given to another caller.
@Suite("FeedAPI: plugin reads remembered")
struct RouteMemoTests {
  /// The memo's hits so far.
  static func hits(_ api: TestAPI) throws -> Double {
    try MetricsTests.scrape(api).value("stackfeed_answer_memo_hits_total") ?? 0
  }

  @Test(
    "GET /v1/products and /v1/products/{id} are remembered, with their ETag and gzip, until a product changes",
    arguments: Backend.available)
  func productsAreRemembered(backend: Backend) throws {
    let api = try TestAPI(backend)
    let gzip = [HTTPField("Accept-Encoding", "gzip")]
    for target in ["/v1/products?q=hoodie", "/v1/products/vital-top", "/v1/products?limit=3&pretty=1"] {
      let first = api.get(target, headers: gzip)
      #expect(first.status == 200, "\(target): \(first.text)")
      _ = api.get(target, headers: gzip)  // made again: now remembered
      let before = try Self.hits(api)
      let taken = api.get(target, headers: gzip)
      #expect(try Self.hits(api) == before + 1, "\(target): taken from the memo")
      #expect(taken.body == first.body && taken.header("ETag") == first.header("ETag"), "\(target)")
      #expect(taken.header("Content-Encoding") == first.header("Content-Encoding"), "\(target)")
      let plain = api.get(target)
      #expect(plain.header("Content-Encoding") == nil && plain.status == 200, "\(target): the identity answer")
    }
    let tag = try #require(api.get("/v1/products/vital-top").header("ETag"))
    let changed = api.send(
      "PATCH", "/v1/products/vital-top", as: .admin, json: #"{"title": "Vital Top Two"}"#,
      headers: [HTTPField("If-Match", tag)])
    #expect(changed.status == 200, "\(changed.text)")
    let after = api.get("/v1/products/vital-top")
    #expect(after.text.contains("Vital Top Two") && after.header("ETag") != tag, "the write is seen at once")
  }

  @Test("an order is remembered for its owner and scope only", arguments: Backend.available)
  func ordersAreRememberedPerCaller(backend: Backend) throws {
    let api = try TestAPI(backend)
    try api.addUsers(["ada", "bob"])
    let placed = api.send(
      "POST", "/v1/me/orders", as: .user("ada", .write), json: #"{"items": [{"product": "vital-top", "quantity": 1}]}"#)
    let id = try #require(try placed.json()["id"] as? String)
    let target = "/v1/orders/\(id)"
    for _ in 0..<3 {
      #expect(api.api.respond(to: TestAPI.request("GET", target), as: .user("ada", .read)).status == 200)
    }
    #expect(api.api.respond(to: TestAPI.request("GET", target), as: .user("bob", .read)).status == 404)
    #expect(api.api.respond(to: TestAPI.request("GET", target), as: .user("bob", .read)).status == 404)
  }
}
