import FeedServer
import FeedStore
import Foundation
import HTTPServer
import JSONCore
import StackfeedTestSupport
import Testing

/// `GET /v1/changes` and `/v1/me/changes` in process on each backend: the change log as a reader gets it, each
/// change's row drawn as `/v1/render` draws it, paged with `next`, 410 behind the log, tagged as the other reads;
/// and the randomised property: applying the changes to an earlier feed gives the feed fetched fresh, and no user
/// sees another's change.
@Suite("FeedAPI: changes")
struct ChangesRouteTests {
  static let order = #"{"items": [{"product": "apex-hoodie", "quantity": 2}]}"#
  static let any = [HTTPField("If-Match", "*")]

  /// The changes of an answer.
  static func changes(_ response: HTTPResponse) throws -> [[String: Any]] {
    try #require(try response.json()["changes"] as? [[String: Any]], "\(response.text)")
  }

  /// The `next` of an answer.
  static func next(_ response: HTTPResponse) throws -> String {
    try #require(try response.json()["next"] as? String, "\(response.text)")
  }

  /// The newest version, then `count` feed items posted with the ids `prefix`1, `prefix`2, …: the `since` of
  /// their changes.
  static func since(posting count: Int, _ prefix: String, on api: TestAPI) throws -> String {
    let since = try next(api.get("/v1/changes?since=0"))
    for index in 1...count {
      let created = api.send(
        "POST", "/v1/feed-items", as: .admin, json: #"{"id": "\#(prefix)\#(index)", "title": "T"}"#)
      #expect(created.status == 201)
    }
    return since
  }

  @Test(
    "a change's row is the row /v1/render draws for the same width and traits; a delete has none",
    arguments: Backend.available)
  func rowsAsRendered(backend: Backend) throws {
    let api = try TestAPI(backend)
    let start = try Self.next(api.get("/v1/changes?since=0"))
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "n1", "title": "New"}"#).status == 201)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "n2", "title": "Gone"}"#).status == 201)
    #expect(api.send("DELETE", "/v1/feed-items/n2", as: .admin, headers: Self.any).status == 204)
    let parameters = "width=320&content_size=AX3&scheme=dark&direction=rtl&scale=3"
    let answer = api.get("/v1/changes?since=\(start)&\(parameters)")
    #expect(answer.status == 200)
    #expect(answer.header("Content-Type")?.hasPrefix("application/json") == true)
    let changes = try Self.changes(answer)
    #expect(changes.map { "\($0["op"] ?? "") \($0["id"] ?? "")" } == ["insert n1", "delete n2", "delete n2"])
    let rendered = try #require(try api.get("/v1/render?limit=100&\(parameters)").json()["rows"] as? [[String: Any]])
    let row = try #require(rendered.first { $0["id"] as? String == "n1" })
    #expect(NSDictionary(dictionary: try #require(changes[0]["row"] as? [String: Any])).isEqual(to: row))
    #expect(changes[1]["row"] == nil, "n2 is no longer in the feed: its insert reaches the reader as a delete")
    #expect(Set(changes[0].keys) == ["version", "op", "kind", "id", "row"])
    let versions = changes.compactMap { ($0["version"] as? String).flatMap { UInt64($0) } }
    #expect(versions == versions.sorted() && Set(versions).count == 3, "versions grow")
    #expect(try Self.next(answer) >= String(versions[2]))

    let svg = try Self.changes(api.get("/v1/changes?since=\(start)&format=svg&limit=1"))
    #expect((svg[0]["row"] as? String)?.contains("<svg") == true, "svg: the one row's document as a string")
    let pretty = api.get("/v1/changes?since=\(start)&pretty=1&limit=1")
    #expect(pretty.text.hasPrefix("{\"changes\": [\n  {\"version\": "))
    for target in ["/v1/changes?since=\(start)&\(parameters)", "/v1/changes?since=\(start)&format=html"] {
      let compact = api.get(target).body
      #expect(compact == JSONWriter.compact(api.get(target + "&pretty=1").body), "written compact: \(target)")
    }
  }

  @Test(
    "a write's Stackfeed-Commit is its change's version, the next write's change the next version: events resumed from it miss nothing after the write",
    arguments: Backend.available)
  func commitHeaderPlacesTheChange(backend: Backend) throws {
    let api = try TestAPI(backend)
    let start = try Self.next(api.get("/v1/changes?since=0"))
    let writes = [
      api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "n1", "title": "New"}"#),
      api.send("PATCH", "/v1/feed-items/n1", as: .admin, json: #"{"title": "Newer"}"#, headers: Self.any),
      api.send("DELETE", "/v1/feed-items/n1", as: .admin, headers: Self.any),
    ]
    #expect(writes.map(\.status) == [201, 200, 204], "\(writes.map(\.text))")
    let commits = writes.compactMap { $0.header("Stackfeed-Commit").flatMap { UInt64($0) } }
    let versions = try Self.changes(api.get("/v1/changes?since=\(start)")).compactMap {
      ($0["version"] as? String).flatMap { UInt64($0) }
    }
    try #require(commits.count == 3 && versions.count == 3, "\(commits) \(versions)")
    // The change counter moves once a write, to its last change's version: no version is skipped.
    let first = try #require(UInt64(start))
    let following: [UInt64] = [first + 1, first + 2, first + 3]
    #expect(commits == versions && versions == following, "\(commits) \(versions)")
    for index in 0..<3 {
      #expect(commits[index] >= versions[index], "write \(index): its own change is in what it names")
      #expect(index == 2 || commits[index] < versions[index + 1], "write \(index): the next change comes after it")
      let after = try Self.changes(api.get("/v1/changes?since=\(commits[index])"))
      #expect(after.count == 2 - index, "write \(index): resuming from its commit gives exactly the later changes")
    }
  }

  @Test(
    "paging: limit cuts the list, next goes on from there, and is since again when nothing changed",
    arguments: Backend.available)
  func paging(backend: Backend) throws {
    let api = try TestAPI(backend)
    var since = try Self.since(posting: 5, "p", on: api)
    var ids: [String] = []
    for _ in 0..<3 {
      let page = api.get("/v1/changes?since=\(since)&limit=2")
      ids += try Self.changes(page).compactMap { $0["id"] as? String }
      since = try Self.next(page)
    }
    #expect(ids == ["p1", "p2", "p3", "p4", "p5"])
    let last = api.get("/v1/changes?since=\(since)")
    #expect(try Self.changes(last).isEmpty)
    #expect(try Self.next(last) == since)
  }

  @Test(
    "a page's Stackfeed-Version is the since that follows it: changes committed after the page, none before",
    arguments: Backend.available)
  func pagesCarryTheirVersion(backend: Backend) throws {
    let api = try TestAPI(backend)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "v1", "title": "Before"}"#).status == 201)
    for page in ["/v1/feed?limit=2", "/v1/render?limit=2&format=html", "/v1/render?limit=2&after=feed_item:1:1:1"] {
      let version = try #require(api.get(page).header("Stackfeed-Version"), "\(page)")
      #expect(version == (try Self.next(api.get("/v1/changes?since=0&limit=1000"))), "the newest version: \(page)")
      #expect(try Self.changes(api.get("/v1/changes?since=\(version)")).isEmpty, "\(page)")
    }
    let version = try #require(api.get("/v1/render?limit=2").header("Stackfeed-Version"))
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "v2", "title": "After"}"#).status == 201)
    #expect(try Self.changes(api.get("/v1/changes?since=\(version)")).compactMap { $0["id"] as? String } == ["v2"])
    let newer = try #require(api.get("/v1/render?limit=2").header("Stackfeed-Version"))
    #expect(UInt64(newer)! > UInt64(version)!, "a page read after the write is at a newer version")
  }

  @Test(
    "410 problem behind the pruned log or past the newest version; 400 without since or with a bad one",
    arguments: Backend.available)
  func refusals(backend: Backend) throws {
    let api = try TestAPI(backend)
    let start = try Self.since(posting: 3, "g", on: api)
    let db = try StoreLocation.resolve(option: api.database.argument, environment: [:]).connect()
    let kept = try #require(try Self.changes(api.get("/v1/changes?since=\(start)")).last?["version"] as? String)
    try db.write { try ChangeLog.prune(through: try #require(UInt64(kept)) - 1, in: db) }
    let gone = api.get("/v1/changes?since=\(start)")
    #expect(gone.status == 410)
    #expect(gone.header("Content-Type")?.hasPrefix("application/problem+json") == true)
    #expect(try gone.json()["title"] as? String == "Gone")
    #expect((try gone.json()["detail"] as? String)?.contains("fetch the feed again") == true)
    #expect(try Self.changes(api.get("/v1/changes?since=0")).compactMap { $0["id"] as? String } == ["g3"])
    let newest = try #require(UInt64(try Self.next(api.get("/v1/changes?since=0"))))
    #expect(api.get("/v1/changes?since=\(newest + 1)").status == 410)
    for (query, parameter) in [
      ("", "since"), ("?since=", "since"), ("?since=-1", "since"), ("?since=%2B1", "since"),
      ("?since=1x", "since"), ("?since=0&limit=0", "limit"), ("?since=0&after=x", "after"),
    ] {
      let refused = api.get("/v1/changes\(query)")
      #expect(refused.status == 400, "\(query)")
      #expect(try refused.json()["parameter"] as? String == parameter, "\(query): \(refused.text)")
    }
  }

  @Test("tagged as the other reads: 304 for the same version, a new tag after a change", arguments: Backend.available)
  func tags(backend: Backend) throws {
    let api = try TestAPI(backend)
    let first = api.get("/v1/changes?since=0")
    let tag = try #require(first.header("ETag"))
    #expect(first.header("Cache-Control") == "no-cache")
    #expect(api.get("/v1/changes?since=0", headers: [HTTPField("If-None-Match", tag)]).status == 304)
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"title": "T"}"#).status == 201)
    let changed = api.get("/v1/changes?since=0", headers: [HTTPField("If-None-Match", tag)])
    #expect(changed.status == 200)
    #expect(changed.header("ETag") != tag)
    let mine = api.send("GET", "/v1/me/changes?since=0", as: .user("default", .read))
    #expect(mine.header("Cache-Control") == "private, no-cache")
    #expect(api.get("/v1/me/changes?since=0").status == 401)
  }

  /// The property, on each backend: many random writes (feed items inserted, changed, deleted; orders placed and
  /// their status changed; several users), and now and then a user catching up: their changes since they last
  /// did, applied to the feed they had, give the rows of their feed fetched fresh, and hold no change of another
  /// user's order. Every user catches up at the end.
  @Test(
    "applying the changes to an earlier feed gives the feed fetched fresh; no user sees another's change",
    arguments: Backend.available)
  func applyingChangesGivesTheFreshFeed(backend: Backend) throws {
    let api = try TestAPI(backend)
    let users = ["default", "ada", "bob", "cyd"]
    try api.addUsers(Array(users.dropFirst()))
    var random = SplitMix64(seed: 29)
    let parameters = "width=300&content_size=xL"
    var clients: [String: Client] = [:]
    for user in users {
      let since = try Self.next(api.send("GET", "/v1/me/changes?since=0", as: .user(user, .read)))
      clients[user] = Client(user: user, rows: try Self.rows(api, user, parameters), since: since)
    }
    var items = try Self.rows(api, "default", parameters).values.filter { $0["kind"] as? String == "feed_item" }
      .compactMap { $0["id"] as? String }
    var owners: [String: String] = [:]
    for step in 0..<120 {
      switch random.next() % 6 {
      case 0 where items.count < 40, 1 where items.isEmpty:
        let before =
          items.isEmpty || random.next() % 3 == 0
          ? "" : #", "before": "\#(items[Int(random.next() % UInt64(items.count))])""#
        let created = api.send(
          "POST", "/v1/feed-items", as: .admin, json: #"{"id": "r\#(step)", "title": "Item \#(step)"\#(before)}"#)
        #expect(created.status == 201, "\(created.text)")
        items.append("r\(step)")
      case 1, 0:
        let id = items[Int(random.next() % UInt64(items.count))]
        let title = #"{"title": "Changed \#(step)", "tag": "t\#(step)"}"#
        #expect(api.send("PATCH", "/v1/feed-items/\(id)", as: .admin, json: title, headers: Self.any).status == 200)
      case 2 where !items.isEmpty:
        let id = items.remove(at: Int(random.next() % UInt64(items.count)))
        #expect(api.send("DELETE", "/v1/feed-items/\(id)", as: .admin, headers: Self.any).status == 204)
      case 3, 2:
        let user = users[Int(random.next() % UInt64(users.count))]
        let placed = api.send("POST", "/v1/me/orders", as: .user(user, .write), json: Self.order)
        owners[try #require(try placed.json()["id"] as? String)] = user
      default:
        guard let id = owners.keys.sorted().randomElement(using: &random) else { continue }
        let status = #"{"status": "status \#(step)"}"#
        #expect(api.send("PATCH", "/v1/orders/\(id)", as: .admin, json: status, headers: Self.any).status == 200)
      }
      if random.next() % 3 == 0 {
        let user = users[Int(random.next() % UInt64(users.count))]
        try clients[user]?.catchUp(api, parameters, owners: owners)
      }
    }
    for user in users { try clients[user]?.catchUp(api, parameters, owners: owners) }
    #expect(Set(owners.values).count == users.count, "every user placed an order")
  }

  /// A client following its user's feed by its changes.
  struct Client {
    let user: String
    /// The feed's rows as the client has them, by `kind:id`.
    var rows: [String: [String: Any]]
    /// The version it asks from.
    var since: String

    /// Applies the changes since ``since`` (in pages of 7), then checks the rows against the feed fetched fresh
    /// and that no change was of another user's order (`owners`: order id → user).
    mutating func catchUp(_ api: TestAPI, _ parameters: String, owners: [String: String]) throws {
      while true {
        let answer = api.send("GET", "/v1/me/changes?since=\(since)&limit=7&\(parameters)", as: .user(user, .read))
        let changes = try ChangesRouteTests.changes(answer)
        for change in changes {
          let key = "\(change["kind"] ?? ""):\(change["id"] ?? "")"
          if let id = change["id"] as? String, let owner = owners[id] {
            #expect(owner == user, "\(user) sees a change of \(owner)'s order \(id)")
          }
          switch change["op"] as? String {
          case "insert", "update": rows[key] = change["row"] as? [String: Any]
          case "delete": rows[key] = nil
          default: Issue.record("\(user): an unexpected change \(change)")
          }
        }
        since = try ChangesRouteTests.next(answer)
        if changes.isEmpty { break }
      }
      let fresh = try ChangesRouteTests.rows(api, user, parameters)
      #expect(rows.keys.sorted() == fresh.keys.sorted(), "\(user)")
      for (key, row) in fresh {
        #expect(rows[key].map { NSDictionary(dictionary: $0).isEqual(to: row) } == true, "\(user): \(key)")
      }
    }
  }

  /// `user`'s whole feed as `/v1/me/render` draws it with `parameters`, by `kind:id`.
  static func rows(_ api: TestAPI, _ user: String, _ parameters: String) throws -> [String: [String: Any]] {
    let page = api.send("GET", "/v1/me/render?limit=100&\(parameters)", as: .user(user, .read))
    #expect(try page.json()["next"] is NSNull, "the whole feed on one page")
    let rows = try #require(try page.json()["rows"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: rows.map { ("\($0["kind"] ?? ""):\($0["id"] ?? "")", $0) })
  }
}
