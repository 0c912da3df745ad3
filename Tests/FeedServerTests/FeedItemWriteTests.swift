import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// `POST /v1/feed-items`, `PATCH` and `DELETE /v1/feed-items/{id}` in process on each backend: the feed item
/// plugin's routes, served by the core without it naming the kind.
@Suite("FeedAPI: feed item writes")
struct FeedItemWriteTests {
  static let first = "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0001"
  static let third = "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0003"

  /// The ids of the feed's rows, in order.
  static func ids(_ api: TestAPI) throws -> [String] {
    let rows = try #require(try api.get("/v1/feed?limit=500").json()["rows"] as? [[String: Any]])
    return rows.compactMap { $0["kind"] as? String == "feed_item" ? $0["id"] as? String : nil }
  }

  @Test(
    "a new item is 201 with Location and its /v1/rows document, at the top of the feed at once",
    arguments: Backend.available)
  func createAtTop(backend: Backend) throws {
    let api = try TestAPI(backend)
    let before = api.get("/v1/feed")  // remembered: the write must not leave it served
    #expect(before.status == 200)
    let created = api.send(
      "POST", "/v1/feed-items", as: .admin, json: #"{"id": "new-1", "title": "Fresh", "tag": "new"}"#)
    #expect(created.status == 201)
    #expect(created.header("Location") == "/v1/rows/feed_item/new-1")
    let row = api.get("/v1/rows/feed_item/new-1")
    #expect(created.body == row.body)
    #expect(created.header("ETag") == row.header("ETag"))
    #expect(try Self.ids(api).first == "new-1")
    #expect(api.get("/v1/feed").text.contains(#""title":"FRESH""#))
  }

  @Test("without an id the item gets a random UUID", arguments: Backend.available)
  func createWithoutID(backend: Backend) throws {
    let api = try TestAPI(backend)
    let created = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"title": "No id"}"#)
    #expect(created.status == 201)
    let id = try #require(try created.json()["id"] as? String)
    #expect(UUID(uuidString: id) != nil)
    #expect(created.header("Location") == "/v1/rows/feed_item/\(id)")
  }

  @Test(
    "before puts items just before an item, again and again, without renumbering what need not move",
    arguments: Backend.available)
  func createBefore(backend: Backend) throws {
    let api = try TestAPI(backend, generate: 20)
    var expected = try Self.ids(api)
    // Before the third seeded item (adjacent neighbours: one side moves apart), then a few more times there
    // (the gap is halved), then before the first (below it).
    for (index, target) in [Self.third, Self.third, Self.third, Self.third, Self.first].enumerated() {
      let id = "b\(index)"
      let answer = api.send(
        "POST", "/v1/feed-items", as: .admin, json: #"{"id": "\#(id)", "title": "B", "before": "\#(target)"}"#)
      #expect(answer.status == 201, "\(answer.text)")
      expected.insert(id, at: try #require(expected.firstIndex(of: target)))
      #expect(try Self.ids(api) == expected)
    }
    let positions = try api.database.query("SELECT count(DISTINCT position), count(*) FROM feed_item")
    #expect(positions == "\(expected.count)|\(expected.count)")
  }

  @Test("a taken id is 409, an unknown before is 422 naming it", arguments: Backend.available)
  func createRefused(backend: Backend) throws {
    let api = try TestAPI(backend)
    let taken = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "\#(Self.first)", "title": "X"}"#)
    #expect(taken.status == 409)
    let unknown = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"title": "X", "before": "nope"}"#)
    #expect(unknown.status == 422)
    #expect(try unknown.json()["field"] as? String == "before")
    #expect(try Self.ids(api).count == 6, "nothing was written")
  }

  @Test("PATCH needs If-Match: 428 without, 412 when stale, 200 with the current ETag", arguments: Backend.available)
  func patch(backend: Backend) throws {
    let api = try TestAPI(backend)
    let target = "/v1/feed-items/\(Self.first)"
    let tag = try #require(api.get("/v1/rows/feed_item/\(Self.first)").header("ETag"))
    let change = #"{"title": "Renamed", "subtitle": null}"#
    #expect(api.send("PATCH", target, as: .admin, json: change).status == 428)
    let stale = api.send("PATCH", target, as: .admin, json: change, headers: [HTTPField("If-Match", #""0-1""#)])
    #expect(stale.status == 412)
    let changed = api.send("PATCH", target, as: .admin, json: change, headers: [HTTPField("If-Match", tag)])
    #expect(changed.status == 200)
    let row = api.get("/v1/rows/feed_item/\(Self.first)")
    #expect(changed.body == row.body)
    #expect(row.text.contains(#""title":"RENAMED","subtitle":null"#))
    #expect(row.header("ETag") != tag)
    let again = api.send("PATCH", target, as: .admin, json: change, headers: [HTTPField("If-Match", tag)])
    #expect(again.status == 412, "the old ETag is stale now")
    let bad = api.send(
      "PATCH", target, as: .admin, json: #"{"title": null}"#, headers: [HTTPField("If-Match", "*")])
    #expect(bad.status == 422)
    #expect(try bad.json()["field"] as? String == "title")
  }

  @Test("DELETE needs If-Match; 204, then the item is gone (404)", arguments: Backend.available)
  func delete(backend: Backend) throws {
    let api = try TestAPI(backend)
    let target = "/v1/feed-items/\(Self.first)"
    let tag = try #require(api.get("/v1/rows/feed_item/\(Self.first)").header("ETag"))
    #expect(api.send("DELETE", target, as: .admin).status == 428)
    #expect(api.send("DELETE", target, as: .admin, headers: [HTTPField("If-Match", #""1-1""#)]).status == 412)
    let deleted = api.send("DELETE", target, as: .admin, headers: [HTTPField("If-Match", tag)])
    #expect(deleted.status == 204)
    #expect(deleted.body.isEmpty)
    #expect(api.get("/v1/rows/feed_item/\(Self.first)").status == 404)
    #expect(api.send("DELETE", target, as: .admin, headers: [HTTPField("If-Match", tag)]).status == 404)
    #expect(try !Self.ids(api).contains(Self.first))
  }

  @Test("without a token 401 with WWW-Authenticate: Bearer; a token without admin 403", arguments: Backend.available)
  func scope(backend: Backend) throws {
    let api = try TestAPI(backend)
    let anonymous = api.send("POST", "/v1/feed-items", as: .anonymous, json: #"{"title": "X"}"#)
    #expect(anonymous.status == 401)
    #expect(anonymous.header("WWW-Authenticate") == "Bearer")
    let writer = api.send("POST", "/v1/feed-items", as: .user("default", .write), json: #"{"title": "X"}"#)
    #expect(writer.status == 403)
    #expect(writer.header("WWW-Authenticate")?.contains(#"error="insufficient_scope""#) == true)
    #expect(try Self.ids(api).count == 6)
  }

  @Test(
    "a method a route path does not answer is 405 with Allow",
    arguments: [
      ("PUT", "/v1/feed-items", "POST"), ("GET", "/v1/feed-items", "POST"),
      ("GET", "/v1/feed-items/x", "PATCH, DELETE"), ("POST", "/v1/feed-items/x", "PATCH, DELETE"),
    ])
  func wrongMethod(method: String, target: String, allow: String) throws {
    let answer = try TestAPI().send(method, target, as: .admin)
    #expect(answer.status == 405)
    #expect(answer.header("Allow") == allow)
  }
}
