import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// `Idempotency-Key` on `POST /v1/me/orders`, in process on each backend: a repeated request gets the first
/// one's answer and places no second order, also when the requests arrive at once.
@Suite("FeedAPI: idempotent orders")
struct IdempotencyTests {
  static let writer = Caller.user("default", .write)

  static func place(_ api: TestAPI, key: String?, body: String = OrderWriteTests.order, as caller: Caller = writer)
    -> HTTPResponse
  {
    api.send(
      "POST", "/v1/me/orders", as: caller, json: body, headers: key.map { [HTTPField("Idempotency-Key", $0)] } ?? [])
  }

  static func orders(_ api: TestAPI) throws -> String {
    try api.database.query("SELECT count(*) FROM orders")
  }

  @Test("the same key and body again: the same status and body, no second order", arguments: Backend.available)
  func replay(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    let first = Self.place(api, key: "k-1")
    #expect(first.status == 201)
    let again = Self.place(api, key: "k-1")
    #expect(again.status == 201)
    #expect(again.body == first.body)
    // The same headers, but the commit's version: the replay's own, which is later (it includes the first).
    let version = { (answer: HTTPResponse) in answer.header("Stackfeed-Commit").flatMap { UInt64($0) } ?? 0 }
    #expect(version(again) > version(first) && version(first) > 0)
    let withoutVersion = { (answer: HTTPResponse) in answer.headers.filter { $0.name != "Stackfeed-Commit" } }
    #expect(withoutVersion(again) == withoutVersion(first))
    #expect(try Self.orders(api) == "2")
    #expect(Self.place(api, key: "k-2").body != first.body, "another key is another order")
    #expect(Self.place(api, key: "k-1", as: .user("ada", .write)).body != first.body, "keys are per user")
    #expect(try Self.orders(api) == "4")
  }

  @Test(
    "a key is the user's: another user's same key and body is another order, whichever user's id sorts first",
    arguments: Backend.available, [("ada", "bob"), ("bob", "ada")])
  func keysArePerUser(backend: Backend, users: (first: String, second: String)) throws {
    let api = try OrderWriteTests.api(backend)
    let first = Self.place(api, key: "shared", as: .user(users.first, .write))
    let second = Self.place(api, key: "shared", as: .user(users.second, .write))
    #expect(first.status == 201 && second.status == 201, "\(second.text)")
    #expect(second.body != first.body, "\(users.second) got \(users.first)'s answer")
    #expect(try api.database.query("SELECT count(*) FROM orders WHERE user_id IN ('ada', 'bob')") == "2")
  }

  @Test("the same key with another body (or route) is 422; nothing is written", arguments: Backend.available)
  func anotherBody(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    #expect(Self.place(api, key: "k").status == 201)
    let other = Self.place(api, key: "k", body: #"{"items": [{"product": "vital-top", "quantity": 9}]}"#)
    #expect(other.status == 422)
    #expect((try other.json()["detail"] as? String)?.contains("Idempotency-Key") == true)
    #expect(try Self.orders(api) == "2")
  }

  @Test("a refused request leaves no key: the corrected request with it is placed", arguments: Backend.available)
  func refusedLeavesNoKey(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    let refused = Self.place(api, key: "k", body: #"{"items": [{"product": "nope", "quantity": 1}]}"#)
    #expect(refused.status == 422)
    #expect(Self.place(api, key: "k").status == 201)
    #expect(try Self.orders(api) == "2")
  }

  @Test(
    "a key of 1 to 255 printable ASCII characters; others are 400",
    arguments: [
      (String(repeating: "k", count: 255), 201), (String(repeating: "k", count: 256), 400), ("", 400),
      ("tab\there", 400), ("clé", 400), (" a b ", 201),
    ])
  func keyShape(key: String, status: Int) throws {
    let api = try OrderWriteTests.api(.sqlite)
    #expect(Self.place(api, key: key).status == status)
  }

  @Test("a key is kept 24 hours: replayed at 23 h, a new order after 24 h", arguments: Backend.available)
  func expiry(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    let start = Date()
    api.api.now = { start }
    let first = Self.place(api, key: "k")
    api.api.now = { start.addingTimeInterval(23 * 3600) }
    #expect(Self.place(api, key: "k").body == first.body)
    api.api.now = { start.addingTimeInterval(24 * 3600 + 1) }
    let later = Self.place(api, key: "k")
    #expect(later.status == 201 && later.body != first.body)
    #expect(try Self.orders(api) == "3")
    #expect(try api.database.query("SELECT count(*) FROM idempotency_keys") == "1", "the expired key was deleted")
  }

  @Test("8 requests with one key at once: one order, 8 identical answers", arguments: Backend.available)
  func concurrent(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    let answers = Mutex<[HTTPResponse]>([])
    let feed = api.api
    var request = TestAPI.request(
      "POST", "/v1/me/orders",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("Idempotency-Key", "same-instant")])
    request.body = Array(OrderWriteTests.order.utf8)
    DispatchQueue.concurrentPerform(iterations: 8) { [request] _ in
      let answer = feed.respond(to: request, as: Self.writer)
      answers.withLock { $0.append(answer) }
    }
    let all = answers.withLock { $0 }
    #expect(all.count == 8)
    #expect(all.allSatisfy { $0.status == 201 }, "\(all.map(\.status))")
    #expect(Set(all.map(\.body)).count == 1)
    #expect(try Self.orders(api) == "2")
  }
}
