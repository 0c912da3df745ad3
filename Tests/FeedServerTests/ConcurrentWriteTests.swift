import BuiltInPlugins
import Dispatch
import FeedPlugins
import FeedStore
import Foundation
import HTTPServer
import PostgresCore
import StackfeedTestSupport
import Synchronization
import Testing

@testable import FeedServer

/// Writes that hold under concurrency, in process: the `If-Match` of a `PATCH` is checked in the write's
/// transaction against the row read locked, so two writers sending one tag give one 200 and one 412 — on
/// PostgreSQL also while another session holds the row, with one server or two on one database; and the token is
/// verified in the write's own transaction on the primary.
@Suite("FeedAPI: concurrent writes")
struct ConcurrentWriteTests {
  static let item = FeedItemWriteTests.first

  /// A second API over `test`'s database, as another server would be: its own connections and memo.
  static func otherServer(_ test: TestAPI, limits: StoreLimits = StoreLimits(connections: 16)) throws -> FeedAPI {
    FeedAPI(
      location: StoreLocation.resolve(option: test.database.argument, environment: [:]),
      registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) },
      limits: limits)
  }

  /// Sends each of `requests` to its API at once, each on a thread of its own, and returns the answers in order
  /// once `whileRunning` (run meanwhile on this thread) returned and every answer is in.
  static func atOnce(_ requests: [(FeedAPI, HTTPRequest)], whileRunning: () throws -> Void) rethrows
    -> [HTTPResponse]
  {
    let answers = Mutex<[Int: HTTPResponse]>([:])
    let group = DispatchGroup()
    for (index, (api, request)) in requests.enumerated() {
      DispatchQueue.global().async(group: group) {
        let answer = api.respond(to: request, as: .admin)
        answers.withLock { $0[index] = answer }
      }
    }
    try whileRunning()
    group.wait()
    return answers.withLock { all in requests.indices.compactMap { all[$0] } }
  }

  /// The `PATCH` of the feed item changing its title to `title`, on the condition `If-Match: tag`.
  static func patch(title: String, ifMatch tag: String) -> HTTPRequest {
    var request = TestAPI.request(
      "PATCH", "/v1/feed-items/\(item)",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("If-Match", tag)])
    request.body = Array(#"{"title": "\#(title)"}"#.utf8)
    return request
  }

  /// Waits until `count` sessions of the database at `url` wait for a lock (`pg_stat_activity`) or `done()`,
  /// or fails after a minute.
  static func waitForLockWaiters(_ count: Int, on url: String, orUntil done: () -> Bool = { false }) throws {
    let observer = try Connection(url)
    let deadline = ContinuousClock.now + .seconds(60)
    let waiting = """
      SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
      """
    while try observer.queryOne(waiting, [], { try $0.int(at: 0) }) ?? 0 < count, !done() {
      try #require(ContinuousClock.now < deadline, "\(count) sessions never waited for a lock")
      Thread.sleep(forTimeInterval: 0.002)  // a poll of the server's own view, not a guess at a duration
    }
  }

  @Test(
    "two PATCHes with one If-Match at once: exactly one 200 and one 412, one server or two",
    arguments: Backend.available, [1, 2])
  func oneTagTwoWriters(backend: Backend, servers: Int) throws {
    let test = try TestAPI(backend)
    let first = try Self.otherServer(test)
    let second = servers == 1 ? first : try Self.otherServer(test)
    let tag = try #require(test.get("/v1/rows/feed_item/\(Self.item)").header("ETag"))
    let requests = [(first, Self.patch(title: "One", ifMatch: tag)), (second, Self.patch(title: "Two", ifMatch: tag))]
    let answers: [HTTPResponse]
    if backend == .postgres {
      // Another session holds the row: both writers reach it and wait, then go one after the other.
      let holder = try Connection(test.database.argument)
      try holder.execute("BEGIN")
      try holder.execute("SELECT id FROM feed_item WHERE id = $1 FOR UPDATE", [.text(Self.item)])
      answers = try Self.atOnce(requests) {
        try Self.waitForLockWaiters(2, on: test.database.argument)
        try holder.execute("COMMIT")
      }
    } else {
      answers = Self.atOnce(requests) {}
    }
    #expect(answers.map(\.status).sorted() == [200, 412], "\(answers.map(\.text))")
    let winner = try #require(answers.first { $0.status == 200 })
    let kept = test.get("/v1/rows/feed_item/\(Self.item)").body == winner.body
    #expect(kept, "the 200's change is the one kept")
  }

  @Test(
    "a token revoked while a write waits for its row is refused: the token's row is read locked in the write",
    .requires(PostgresPrograms.areUsable, Backend.postgresSkipNote))
  func revokedWhileWriting() throws {
    let test = try TestAPI(.postgres)
    let (token, secret) = try test.tokens().create(user: "default", scope: .admin, name: nil, at: 1)
    let api = try Self.otherServer(test)
    let tag = try #require(test.get("/v1/rows/feed_item/\(Self.item)").header("ETag"))
    var request = Self.patch(title: "Late", ifMatch: tag)
    request.headers.append(HTTPField("Authorization", "Bearer \(secret.text)"))
    // Another session revokes the token and has not committed yet.
    let revoker = try Connection(test.database.argument)
    try revoker.execute("BEGIN")
    try revoker.execute("UPDATE tokens SET revoked_at = 2 WHERE id = $1", [.text(token.id)])
    let answer = Mutex<HTTPResponse?>(nil)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { [request] in
      let response = api.respond(to: request)
      answer.withLock { $0 = response }
    }
    // The write waits for the revoking session (unless it wrote without looking: then it is done).
    try Self.waitForLockWaiters(1, on: test.database.argument) { answer.withLock { $0 != nil } }
    try revoker.execute("COMMIT")
    group.wait()
    let refused = try #require(answer.withLock { $0 })
    #expect(refused.status == 401, "\(refused.text)")
    #expect(refused.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    #expect(!test.get("/v1/rows/feed_item/\(Self.item)").text.contains("LATE"), "nothing was written")
  }

  @Test(
    "a write verifies its token in its own transaction: it needs no read connection",
    arguments: Backend.available)
  func tokenCheckedInTheWrite(backend: Backend) throws {
    let test = try TestAPI(backend)
    let secret = try test.token(for: "default", scope: .admin)
    // One connection for reads, one for writes; the read's is held by a request that does not end meanwhile.
    let api = try Self.otherServer(
      test, limits: StoreLimits(connections: StoreLimits.fewestConnections, wait: .milliseconds(200)))
    let reading = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      _ = try? api.source.read { _ in
        reading.signal()
        release.wait()
      }
    }
    reading.wait()
    var request = TestAPI.request(
      "POST", "/v1/feed-items",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer \(secret)")])
    request.body = Array(#"{"id": "while-reading", "title": "Written"}"#.utf8)
    let created = api.respond(to: request)
    release.signal()
    group.wait()
    #expect(created.status == 201, "\(created.text)")
  }
}
