import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// `POST /v1/me/orders`, `GET` and `PATCH /v1/orders/{id}` in process on each backend: the order plugin's
/// routes.
@Suite("FeedAPI: orders")
struct OrderWriteTests {
  static let seeded = "8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001"
  static let order = #"{"items": [{"product": "apex-hoodie", "quantity": 2}, {"product": "vital-top", "quantity": 1}]}"#

  /// An API whose store has the users `ada` and `bob` beside `default`.
  static func api(_ backend: Backend) throws -> TestAPI {
    let api = try TestAPI(backend)
    try api.database.execute(
      "INSERT INTO users (id, first_name, last_name) VALUES ('ada', 'Ada', 'Byron'), ('bob', 'Bob', 'Moog')")
    return api
  }

  /// The feed's rows (kind, id), in order.
  static func rows(_ api: TestAPI) throws -> [String] {
    let rows = try #require(try api.get("/v1/feed?limit=5").json()["rows"] as? [[String: Any]])
    return rows.map { "\($0["kind"] ?? ""):\($0["id"] ?? "")" }
  }

  @Test(
    "a new order is 201 at /v1/orders/{id}, its row as GET gives it, and at once the user's latest order",
    arguments: Backend.available)
  func place(backend: Backend) throws {
    let api = try Self.api(backend)
    #expect(try Self.rows(api)[2] == "order:\(Self.seeded)")
    let placed = api.send("POST", "/v1/me/orders", as: .user("default", .write), json: Self.order)
    #expect(placed.status == 201, "\(placed.text)")
    let id = try #require(try placed.json()["id"] as? String)
    #expect(placed.header("Location") == "/v1/orders/\(id)")
    let read = api.send("GET", "/v1/orders/\(id)", as: .user("default", .read))
    #expect(read.status == 200)
    #expect(read.body == placed.body)
    #expect(placed.text.contains(#""title":"IT'S PLACED""#))
    #expect(try Self.rows(api)[2] == "order:\(id)", "index 1 of the feed items")
    // Placed again at once (the same millisecond, likely): the newer is still the latest.
    let again = api.send("POST", "/v1/me/orders", as: .user("default", .write), json: Self.order)
    #expect(try Self.rows(api)[2] == "order:\(try #require(try again.json()["id"] as? String))")
  }

  @Test(
    "with the clock set back, a new order is placed just after the user's latest, which it replaces in the feed",
    arguments: Backend.available)
  func clockSetBack(backend: Backend) throws {
    let api = try Self.api(backend)
    let seededAt = try api.database.query("SELECT ordered_at FROM orders WHERE id = '\(Self.seeded)'")
    api.api.now = { Date(timeIntervalSince1970: 0) }
    let placed = api.send("POST", "/v1/me/orders", as: .user("default", .write), json: Self.order)
    #expect(placed.status == 201, "\(placed.text)")
    let id = try #require(try placed.json()["id"] as? String)
    let placedAt = try api.database.query("SELECT ordered_at FROM orders WHERE id = '\(id)'")
    #expect(Int64(placedAt) == Int64(seededAt).map { $0 + 1 }, "1 ms after the latest, not at the clock's 0")
    #expect(try Self.rows(api)[2] == "order:\(id)")
    let changes = try api.database.query("SELECT op || ' ' || id FROM change_log WHERE kind = 'order' ORDER BY version")
    #expect(changes == "insert \(id)\ndelete \(Self.seeded)", "the order in, the one it replaces out of the feed")
  }

  @Test("another user's order is theirs: the default feed keeps its order", arguments: Backend.available)
  func anotherUsersOrder(backend: Backend) throws {
    let api = try Self.api(backend)
    let placed = api.send("POST", "/v1/me/orders", as: .user("ada", .write), json: Self.order)
    #expect(placed.status == 201)
    let id = try #require(try placed.json()["id"] as? String)
    #expect(try api.database.query("SELECT user_id FROM orders WHERE id = '\(id)'") == "ada")
    #expect(try Self.rows(api)[2] == "order:\(Self.seeded)")
  }

  @Test(
    "a bad order is 422 naming the field, and nothing is written",
    arguments: [
      (#"{"items": [{"product": "nope", "quantity": 1}]}"#, "items[0].product"),
      (
        #"{"items": [{"product": "vital-top", "quantity": 1}, {"product": "vital-top", "quantity": 0}]}"#,
        "items[1].quantity"
      ),
      (#"{"items": [{"product": "vital-top", "quantity": "2"}]}"#, "items[0].quantity"),
      (#"{"items": [{"product": "vital-top"}]}"#, "items[0].quantity"),
      (#"{"items": [{"product": "vital-top", "quantity": 1, "colour": "red"}]}"#, "items[0].colour"),
      (#"{"items": ["vital-top"]}"#, "items[0]"),
      (#"{"items": {}}"#, "items"),
      (#"{}"#, "items"),
      (#"{"items": [], "user": "bob"}"#, "user"),
      (#"{"items": []}"#, "items"),
      (#"{"items": [{"product": "vital-top", "quantity": 1000000000000}]}"#, "items[0].quantity"),
      (#"{"items": [{"product": "vital-top", "quantity": 1000}]}"#, "items[0].quantity"),
      (
        #"{"items": [\#(Array(repeating: #"{"product": "vital-top", "quantity": 1}"#, count: 101).joined(separator: ","))]}"#,
        "items"
      ),
      (#"{"items": [{"product": "", "quantity": 1}]}"#, "items[0].product"),
      (#"{"items": [{"product": "vital top", "quantity": 1}]}"#, "items[0].product"),
    ])
  func refused(body: String, field: String) throws {
    let api = try Self.api(.sqlite)
    let answer = api.send("POST", "/v1/me/orders", as: .user("ada", .write), json: body)
    #expect(answer.status == 422, "\(answer.text)")
    #expect(try answer.json()["field"] as? String == field)
    #expect(try api.database.query("SELECT count(*) FROM orders") == "1")
  }

  @Test("placing needs a token with write: 401 without one, 403 with read", arguments: Backend.available)
  func scope(backend: Backend) throws {
    let api = try Self.api(backend)
    #expect(api.send("POST", "/v1/me/orders", as: .anonymous, json: Self.order).status == 401)
    #expect(api.send("POST", "/v1/me/orders", as: .user("ada", .read), json: Self.order).status == 403)
    #expect(try api.database.query("SELECT count(*) FROM orders") == "1")
  }

  @Test(
    "GET /v1/orders/{id}: its owner or an admin; anyone else gets the 404 of an order that is not there",
    arguments: Backend.available)
  func read(backend: Backend) throws {
    let api = try Self.api(backend)
    let placed = api.send("POST", "/v1/me/orders", as: .user("ada", .write), json: Self.order)
    let id = try #require(try placed.json()["id"] as? String)
    #expect(api.send("GET", "/v1/orders/\(id)", as: .user("ada", .read)).status == 200)
    #expect(api.send("GET", "/v1/orders/\(id)", as: .user("bob", .admin)).body == placed.body)
    let other = api.send("GET", "/v1/orders/\(id)", as: .user("bob", .write))
    let missing = api.send("GET", "/v1/orders/\(id)x", as: .user("bob", .write))
    #expect(other.status == 404 && missing.status == 404)
    #expect(try other.json()["detail"] as? String == "there is no order with the id \"\(id)\"")
    #expect(try missing.json()["detail"] as? String == "there is no order with the id \"\(id)x\"")
    #expect(api.send("GET", "/v1/orders/\(Self.seeded)", as: .user("ada", .admin)).status == 200)
    #expect(api.send("GET", "/v1/orders/\(id)", as: .anonymous).status == 401)
  }

  @Test(
    "PATCH /v1/orders/{id} (admin): 428 without If-Match, 412 when stale, 200; the order card shows the status",
    arguments: Backend.available)
  func patch(backend: Backend) throws {
    let api = try Self.api(backend)
    let admin = Caller.user("bob", .admin)
    let target = "/v1/orders/\(Self.seeded)"
    let tag = try #require(api.send("GET", target, as: admin).header("ETag"))
    let change = #"{"status": "shipped"}"#
    #expect(api.send("PATCH", target, as: .user("default", .write), json: change).status == 403)
    #expect(api.send("PATCH", target, as: admin, json: change).status == 428)
    #expect(
      api.send("PATCH", target, as: admin, json: change, headers: [HTTPField("If-Match", #""0-0""#)]).status == 412)
    let changed = api.send("PATCH", target, as: admin, json: change, headers: [HTTPField("If-Match", tag)])
    #expect(changed.status == 200)
    #expect(changed.body == api.send("GET", target, as: admin).body)
    #expect(api.get("/v1/feed").text.contains(#""title":"IT'S SHIPPED""#))
    let stale = api.send(
      "PATCH", target, as: admin, json: #"{"status": "lost"}"#, headers: [HTTPField("If-Match", tag)])
    #expect(stale.status == 412)
    let bad = api.send("PATCH", target, as: admin, json: #"{"status": 5}"#, headers: [HTTPField("If-Match", "*")])
    #expect(bad.status == 422)
    #expect(try bad.json()["field"] as? String == "status")
    #expect(
      api.send("PATCH", "/v1/orders/nope", as: admin, json: change, headers: [HTTPField("If-Match", "*")]).status == 404
    )
  }
}
