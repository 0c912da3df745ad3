import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// The change log (FeedStore's `ChangeLog`) written with each change: the write routes report their changes
/// through `RowOutcome`, the server records them in the write's transaction, a seed records a reload; readers see
/// everyone's changes and their own, in version order; pruning tells a reader behind it to reload; on PostgreSQL a
/// version is never seen before a smaller one commits.
@Suite("Change log")
struct ChangeLogTests {
  static let seededOrder = "8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001"
  static let order = #"{"items": [{"product": "apex-hoodie", "quantity": 2}]}"#

  /// A connection of its own to `api`'s database.
  static func connection(_ api: TestAPI) throws -> StoreConnection {
    try connection(api.database.argument)
  }

  /// A connection of its own to the database `argument` (the `--db` value).
  static func connection(_ argument: String) throws -> StoreConnection {
    try StoreLocation.resolve(option: argument, environment: [:]).connect()
  }

  /// The changes after `version` that `viewer` may see, as `op kind id`.
  static func changes(after version: UInt64, for viewer: String, in db: StoreConnection) throws -> [String] {
    try db.read { try ChangeLog.changes(after: version, visibleTo: viewer, limit: 100, in: db) }.changes.map {
      [$0.change.op.rawValue, $0.change.kind, $0.change.id].compactMap { $0 }.joined(separator: " ")
    }
  }

  /// The store's newest version.
  static func newest(_ db: StoreConnection) throws -> UInt64 {
    try db.read { try StoreChanges.count(in: db) }
  }

  @Test(
    "each write route records its changes in its transaction, seen by everyone or by the one user",
    arguments: Backend.available)
  func routesRecord(backend: Backend) throws {
    let api = try TestAPI(backend)
    try api.addUsers(["ada", "bob"])
    let db = try Self.connection(api)
    let start = try Self.newest(db)
    let any = [HTTPField("If-Match", "*")]
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "n1", "title": "New"}"#).status == 201)
    #expect(
      api.send("PATCH", "/v1/feed-items/n1", as: .admin, json: #"{"title": "Renamed"}"#, headers: any).status == 200)
    let adas = api.send("POST", "/v1/me/orders", as: .user("ada", .write), json: Self.order)
    let ada = try #require(try adas.json()["id"] as? String)
    let defaults = api.send("POST", "/v1/me/orders", as: .user("default", .write), json: Self.order)
    let mine = try #require(try defaults.json()["id"] as? String)
    #expect(
      api.send("PATCH", "/v1/orders/\(ada)", as: .admin, json: #"{"status": "shipped"}"#, headers: any).status == 200)
    #expect(api.send("DELETE", "/v1/feed-items/n1", as: .admin, headers: any).status == 204)
    // Refused writes record nothing: a bad body (422), a missing row (404).
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "n2"}"#).status == 422)
    #expect(api.send("DELETE", "/v1/feed-items/nope", as: .admin, headers: any).status == 404)

    let everyones = ["insert feed_item n1", "update feed_item n1"]
    #expect(
      try Self.changes(after: start, for: "ada", in: db)
        == everyones + ["insert order \(ada)", "update order \(ada)", "delete feed_item n1"])
    #expect(
      try Self.changes(after: start, for: "default", in: db)
        == everyones + ["insert order \(mine)", "delete order \(Self.seededOrder)", "delete feed_item n1"],
      "a new order replaces the user's latest in their feed")
    #expect(try Self.changes(after: start, for: "bob", in: db) == everyones + ["delete feed_item n1"])
  }

  @Test("a seed records one reload, and versions only grow", arguments: Backend.available)
  func seedReloads(backend: Backend) throws {
    let api = try TestAPI(backend)
    let db = try Self.connection(api)
    let start = try Self.newest(db)
    try api.seed(["feed_items.json": #"[{"id": "s1", "title": "Seeded"}]"#])
    let page = try db.read { try ChangeLog.changes(after: start, visibleTo: "bob", limit: 10, in: db) }
    #expect(page.changes.map(\.change) == [.reload])
    #expect(page.changes[0].version > start)
    #expect(page.next >= page.changes[0].version)
    let again = try db.read { try ChangeLog.changes(after: page.next, visibleTo: "bob", limit: 10, in: db) }
    #expect(again.changes.isEmpty)
    #expect(again.next == page.next, "nothing changed: the same version")
  }

  @Test("a page cut by its limit goes on from its last change", arguments: Backend.available)
  func paging(backend: Backend) throws {
    let api = try TestAPI(backend)
    let db = try Self.connection(api)
    let start = try Self.newest(db)
    let changes = (1...5).map { FeedChange(.insert, kind: "feed_item", id: "i\($0)", for: .everyone) }
    try db.write { try ChangeLog.record(changes, in: db) }
    var seen: [String] = []
    var version = start
    for _ in 0..<3 {
      let page = try db.read { try ChangeLog.changes(after: version, visibleTo: "default", limit: 2, in: db) }
      seen += page.changes.compactMap(\.change.id)
      version = page.next
    }
    #expect(seen == ["i1", "i2", "i3", "i4", "i5"])
  }

  @Test(
    "a reader behind the pruned log, or ahead of the store, is told to reload; since 0 starts at the horizon",
    arguments: Backend.available)
  func pruned(backend: Backend) throws {
    let api = try TestAPI(backend)
    let db = try Self.connection(api)
    let start = try Self.newest(db)
    let changes = (1...4).map { FeedChange(.update, kind: "feed_item", id: "i\($0)", for: .everyone) }
    try db.write { try ChangeLog.record(changes, in: db) }
    let all = try db.read { try ChangeLog.changes(after: start, visibleTo: "default", limit: 10, in: db) }
    let kept = all.changes[2].version
    try db.write { try ChangeLog.prune(through: kept - 1, in: db) }
    #expect(throws: ChangeLogGone.self) {
      try db.read { try ChangeLog.changes(after: start, visibleTo: "default", limit: 10, in: db) }
    }
    let newest = try Self.newest(db)
    #expect(throws: ChangeLogGone.self) {
      try db.read { try ChangeLog.changes(after: newest + 1, visibleTo: "default", limit: 10, in: db) }
    }
    let fromZero = try db.read { try ChangeLog.changes(after: 0, visibleTo: "default", limit: 10, in: db) }
    #expect(fromZero.changes.compactMap(\.change.id) == ["i3", "i4"])
    let atHorizon = try db.read { try ChangeLog.changes(after: kept - 1, visibleTo: "default", limit: 10, in: db) }
    #expect(atHorizon == fromZero)
  }

  @Test(
    "two writers on PostgreSQL: a version taken is never seen before a smaller one commits, nothing is skipped",
    .enabled(if: Backend.available.contains(.postgres)))
  func interleavedWriters() throws {
    let api = try TestAPI(.postgres)
    let reader = try Self.connection(api)
    let argument = api.database.argument
    let start = try Self.newest(reader)
    let release = DispatchSemaphore(value: 0)
    let recorded = DispatchSemaphore(value: 0)
    // The first writer takes its version and waits, uncommitted.
    let firstDone = Thread.detachedResult {
      let first = try Self.connection(argument)
      try first.write {
        try ChangeLog.record([FeedChange(.insert, kind: "feed_item", id: "first", for: .everyone)], in: first)
        recorded.signal()
        release.wait()
      }
    }
    try #require(recorded.wait(timeout: .now() + 30) == .success, "the first writer recorded its change")
    // The second writer records and would commit first; it must wait for the first's version to commit.
    let secondDone = Thread.detachedResult {
      let second = try Self.connection(argument)
      try second.write {
        try ChangeLog.record([FeedChange(.insert, kind: "feed_item", id: "second", for: .everyone)], in: second)
      }
    }
    try waitUntil(seconds: 30) { try Self.waitsOnALock(reader) || secondDone.isFinished }
    let early = try reader.read { try ChangeLog.changes(after: start, visibleTo: "default", limit: 10, in: reader) }
    release.signal()
    try firstDone.get()
    try secondDone.get()
    let late = try reader.read {
      try ChangeLog.changes(after: early.next, visibleTo: "default", limit: 10, in: reader)
    }
    #expect((early.changes + late.changes).compactMap(\.change.id) == ["first", "second"])
  }

  @Test(
    "CommitWatch wakes on another connection's commit, not on bookkeeping, and returns when its time is up",
    arguments: Backend.available)
  func commitWatch(backend: Backend) throws {
    let api = try TestAPI(backend)
    let argument = api.database.argument
    let watch = try CommitWatch(StoreLocation.resolve(option: argument, environment: [:]))
    let start = try watch.newest()
    #expect(try watch.wait(past: start, timeout: .milliseconds(60)) == start, "nothing committed: its time is up")
    let writer = try Self.connection(argument)
    try writer.bookkeepingWrite { try writer.execute("UPDATE tokens SET name = name", []) }
    #expect(try watch.wait(past: start, timeout: .milliseconds(100)) == start, "bookkeeping moves no version")
    // A second watch waits on a thread of its own (its timeout a minute) from before the commit.
    let ready = DispatchSemaphore(value: 0)
    let woken = Thread.detachedResult {
      let watch = try CommitWatch(StoreLocation.resolve(option: argument, environment: [:]))
      guard try watch.newest() == start else { throw CancellationError() }
      ready.signal()
      guard try watch.wait(past: start, timeout: .seconds(60)) > start else { throw CancellationError() }
    }
    try #require(ready.wait(timeout: .now() + 30) == .success)
    let committed = ContinuousClock.now
    let change = FeedChange(.insert, kind: "feed_item", id: "w1", for: .everyone)
    try writer.write { try ChangeLog.record([change], in: writer) }
    try woken.get()
    #expect(ContinuousClock.now - committed < .seconds(10), "woken by the commit, not by its timeout")
    #expect(try watch.wait(past: start, timeout: .seconds(60)) > start)
  }

  /// Whether a session of the test's database waits on a lock.
  static func waitsOnALock(_ db: StoreConnection) throws -> Bool {
    try db.queryOne(
      "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'", []
    ) { try $0.int64(at: 0) } ?? 0 > 0
  }
}

/// The outcome of a body run on a thread of its own.
final class ThreadResult: Sendable {
  private let result = Mutex<Result<Void, any Error>?>(nil)
  private let done = DispatchSemaphore(value: 0)

  fileprivate func finish(_ outcome: Result<Void, any Error>) {
    result.withLock { $0 = outcome }
    done.signal()
  }

  /// Whether the body has returned or thrown.
  var isFinished: Bool { result.withLock { $0 != nil } }

  /// Waits for the body; rethrows what it threw.
  func get() throws {
    done.wait()
    done.signal()
    try result.withLock { $0 }?.get()
  }
}

extension Thread {
  /// Runs `body` on a new thread; its outcome.
  static func detachedResult(_ body: @escaping @Sendable () throws -> Void) -> ThreadResult {
    let result = ThreadResult()
    Thread.detachNewThread { result.finish(Result { try body() }) }
    return result
  }
}
