import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// `GET /v1/events` and `/v1/me/events` in process on each backend: the request value in, a response whose
/// stream the test reads as the server would send it; the changes come from writes through the same API.
@Suite("FeedAPI: server-sent events")
struct EventsRouteTests {
  static let order = #"{"items": [{"product": "apex-hoodie", "quantity": 2}]}"#
  static let any = [HTTPField("If-Match", "*")]

  /// An API whose change streams run (stopped with the value).
  final class Streaming {
    let api: TestAPI
    let changes: ChangeStreams

    init(_ backend: Backend, limit: Int = 64) throws {
      api = try TestAPI(backend)
      let location = StoreLocation.resolve(option: api.database.argument, environment: [:])
      changes = ChangeStreams(location: location, streams: EventStreams(limit: limit))
      api.api.changeStreams = changes
      changes.start(composing: api.api)
    }

    deinit { changes.stop() }

    /// Subscribes as `caller` to `target`; the stream.
    func subscribe(_ target: String, as caller: Caller, headers: [HTTPField] = []) throws -> Subscription {
      let response = api.send("GET", target, as: caller, headers: headers)
      #expect(response.status == 200, "\(response.status) \(String(decoding: response.body, as: UTF8.self))")
      #expect(response.header("Content-Type") == "text/event-stream")
      return Subscription(stream: try #require(response.stream))
    }
  }

  /// One subscriber's stream, read in process.
  final class Subscription {
    let stream: EventStream
    var parsed = ReceivedEvents()
    var events: [ReceivedEvent] = []

    init(stream: EventStream) { self.stream = stream }

    deinit { stream.cancel() }

    /// Reads until an event with version `version` or later has come (up to 10 s); the events read so far.
    @discardableResult
    func read(through version: UInt64) -> [ReceivedEvent] {
      let deadline = ContinuousClock.now + .seconds(10)
      while (events.last?.id.flatMap { UInt64($0) } ?? 0) < version && ContinuousClock.now < deadline {
        parsed.append(stream.takeQueued())
        events += parsed.all()
        usleep(2000)
      }
      return events
    }
  }

  /// The version of the store now (the `next` of `/v1/changes?since=0` when the log is short).
  static func newest(_ api: TestAPI) throws -> UInt64 {
    let location = StoreLocation.resolve(option: api.database.argument, environment: [:])
    return try CommitWatch(location).newest()
  }

  @Test(
    "each change as an event: id the version, event change, data the change on one line", arguments: Backend.available)
  func changesAsEvents(backend: Backend) throws {
    let streaming = try Streaming(backend)
    let api = streaming.api
    try api.addUsers(["ada"])
    let start = try Self.newest(api)
    let ada = try streaming.subscribe("/v1/me/events?width=320", as: .user("ada", .read))
    let anyone = try streaming.subscribe("/v1/events?width=320", as: .anonymous)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "e1", "title": "New"}"#).status == 201)
    let placed = api.send("POST", "/v1/me/orders", as: .user("ada", .write), json: Self.order)
    #expect(placed.status == 201)
    let newest = try Self.newest(api)
    let events = ada.read(through: newest)
    #expect(events.allSatisfy { $0.event == "change" && !$0.data.contains("\n") })
    let changes = try events.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.data.utf8)) as? [String: Any])
    }
    #expect(changes.first?["id"] as? String == "e1" && changes.first?["op"] as? String == "insert")
    #expect(changes.contains { $0["kind"] as? String == "order" && $0["op"] as? String == "insert" })
    #expect(zip(events, changes).allSatisfy { $0.id == $1["version"] as? String })
    // The same change, drawn for the same width, is the same bytes for both: composed once.
    let anonymous = anyone.read(through: UInt64(events[0].id ?? "") ?? 0)
    #expect(anonymous.first == events.first)
    #expect(!anonymous.contains { $0.data.contains("\"order\"") }, "the anonymous feed never sees ada's order")
    // And what /v1/me/changes gives for the same parameters (no row changed since).
    let listed = try #require(
      try api.send("GET", "/v1/me/changes?since=\(start)&width=320", as: .user("ada", .read))
        .json()["changes"] as? [[String: Any]])
    #expect(listed.count == changes.count)
    #expect(NSArray(array: listed).isEqual(to: changes))
  }

  @Test(
    "each change is composed once per distinct rendering among its subscribers, not once per subscriber",
    arguments: Backend.available)
  func composedOncePerRendering(backend: Backend) throws {
    let streaming = try Streaming(backend)
    let api = streaming.api
    let widths = [320, 390, 320, 390, 320, 390, 320, 390, 320, 390]
    let subscribers = try widths.map { try streaming.subscribe("/v1/events?width=\($0)", as: .anonymous) }
    let dark = try streaming.subscribe("/v1/events?width=320&scheme=dark", as: .anonymous)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "c1", "title": "Once"}"#).status == 201)
    let newest = try Self.newest(api)
    for subscriber in subscribers + [dark] { #expect(subscriber.read(through: newest).count == 1) }
    #expect(streaming.changes.composed == 3, "320, 390, and 320 dark")
    #expect(subscribers[0].events == subscribers[2].events && subscribers[0].events != subscribers[1].events)
  }

  @Test(
    "many users, random writes: each subscriber gets exactly the changes its user may see, once, in order",
    arguments: Backend.available)
  func noneSeesAnothersChange(backend: Backend) throws {
    let streaming = try Streaming(backend)
    let api = streaming.api
    let users = (0..<8).map { "user\($0)" }
    try api.addUsers(users)
    let start = try Self.newest(api)
    var subscriptions: [String: Subscription] = [:]
    for user in users {
      subscriptions[user] = try streaming.subscribe("/v1/me/events?width=300", as: .user(user, .read))
    }
    var random = SplitMix64(seed: 2929)
    var orders: [String] = []
    var items: [String] = []
    for step in 0..<80 {
      switch random.next() % 4 {
      case 0:
        let user = users[Int(random.next() % UInt64(users.count))]
        let placed = api.send("POST", "/v1/me/orders", as: .user(user, .write), json: Self.order)
        orders.append(try #require(try placed.json()["id"] as? String))
      case 1 where !orders.isEmpty:
        let id = orders[Int(random.next() % UInt64(orders.count))]
        let status = #"{"status": "status \#(step)"}"#
        #expect(api.send("PATCH", "/v1/orders/\(id)", as: .admin, json: status, headers: Self.any).status == 200)
      case 2 where !items.isEmpty:
        let id = items.removeLast()
        #expect(api.send("DELETE", "/v1/feed-items/\(id)", as: .admin, headers: Self.any).status == 204)
      default:
        let created = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "m\#(step)", "title": "M"}"#)
        #expect(created.status == 201)
        items.append("m\(step)")
      }
    }
    let newest = try Self.newest(api)
    for user in users {
      let subscription = try #require(subscriptions[user])
      // What the user may see, by the change log's own route.
      let listed = try #require(
        try api.send("GET", "/v1/me/changes?since=\(start)&limit=1000&width=300", as: .user(user, .read))
          .json()["changes"] as? [[String: Any]])
      let expected = listed.compactMap { $0["version"] as? String }
      let events = subscription.read(through: UInt64(expected.last ?? "0") ?? newest)
      #expect(events.map(\.id) == expected.map { Optional($0) }, "\(user): once each, in order, none missed")
      // The same rows: an event draws a row as it was when it went out, /v1/me/changes as it is now.
      let seen = try events.map {
        try #require(JSONSerialization.jsonObject(with: Data($0.data.utf8)) as? [String: Any])
      }
      #expect(seen.map(Self.row) == listed.map(Self.row), "\(user): the same rows as /v1/me/changes")
    }
  }

  /// A change's row: `kind id`.
  static func row(_ change: [String: Any]) -> String {
    "\(change["kind"] ?? "") \(change["id"] ?? "")"
  }

  @Test("Last-Event-ID resumes after a version; 410 behind the log; 503 past the subscribers' budget")
  func resumeGoneAndBudget() throws {
    let streaming = try Streaming(.sqlite, limit: 2)
    let api = streaming.api
    let start = try Self.newest(api)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "l1", "title": "One"}"#).status == 201)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "l2", "title": "Two"}"#).status == 201)
    let newest = try Self.newest(api)
    let since = try streaming.subscribe("/v1/events?since=\(start)", as: .anonymous)
    let versions = since.read(through: newest).compactMap(\.id)
    #expect(versions.count == 2)
    let resumed = try streaming.subscribe(
      "/v1/events", as: .anonymous, headers: [HTTPField("Last-Event-ID", versions[0])])
    #expect(resumed.read(through: newest).map(\.id) == [versions[1]], "only what came after the version it had")
    let refused = api.send("GET", "/v1/events", as: .anonymous)
    #expect(refused.status == 503, "\(refused.status) \(String(decoding: refused.body, as: UTF8.self))")
    #expect(refused.header("Retry-After") != nil && refused.stream == nil)
    since.stream.cancel()
    let gone = api.send("GET", "/v1/events?since=\(start + 1000)", as: .anonymous)
    #expect(gone.status == 410)
    let bad = api.send("GET", "/v1/events", as: .anonymous, headers: [HTTPField("Last-Event-ID", "x1")])
    #expect(bad.status == 400)
  }

  @Test("HEAD answers GET's head and opens no stream: 200, 400 (since and Last-Event-ID), 410, 503 past the budget")
  func head() throws {
    let streaming = try Streaming(.sqlite, limit: 1)
    let api = streaming.api
    try api.addUsers(["ada"])
    for (target, caller) in [("/v1/events", Caller.anonymous), ("/v1/me/events", .user("ada", .read))] {
      let head = api.send("HEAD", target, as: caller)
      #expect(head.status == 200 && head.stream == nil && head.body.isEmpty)
      #expect(head.header("Content-Type") == "text/event-stream" && head.header("Cache-Control") == "no-store")
      #expect(streaming.changes.streams.count == 0)
      #expect(api.send("HEAD", target + "?since=x", as: caller).status == 400)
      #expect(api.send("HEAD", target + "?since=1&since=1", as: caller).status == 400)
      #expect(api.send("HEAD", target + "?since=\(try Self.newest(api) + 1000)", as: caller).status == 410)
      // Each version given is checked, the one not used too.
      for (query, lastEventID) in [("", ""), ("", "x"), ("?since=x", "1"), ("?since=", "1")] {
        let refused = api.send("HEAD", target + query, as: caller, headers: [HTTPField("Last-Event-ID", lastEventID)])
        #expect(refused.status == 400, "\(query) Last-Event-ID: \(lastEventID)")
      }
    }
    let open = try streaming.subscribe("/v1/events", as: .anonymous)
    let full = api.send("HEAD", "/v1/events", as: .anonymous)
    #expect(full.status == 503 && full.header("Retry-After") != nil && full.stream == nil)
    #expect(streaming.changes.streams.count == 1 && open.stream.isOpen)
  }
}
