import Foundation
import StackfeedTestSupport
import Testing

/// `GET /v1/events` against real `stackfeed serve` processes: a write on one server reaches the subscribers of
/// another server of the same database (SQLite: `PRAGMA data_version` read every 25 ms; PostgreSQL: its commit
/// notifications), idle subscribers hold no thread, and SIGTERM ends every stream cleanly.
@Suite(
  "serve: server-sent events",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct EventsServeTests {
  /// An admin token of the user `default`, made by `stackfeed token create`.
  static func adminToken(_ server: ServerProcess) throws -> String {
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "admin"])
    #expect(created.code == 0, "\(created.stderr)")
    return created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(
    "a write on one server reaches the subscribers of another server of the same database", arguments: Backend.available
  )
  func acrossServers(backend: Backend) throws {
    let writer = try ServerProcess(backend)
    try writer.seed()
    let reader = try ServerProcess()
    try writer.start(["--db", writer.database, "--quiet"])
    try reader.start(["--db", writer.database, "--quiet"])
    let token = try Self.adminToken(writer)
    let subscriber = try EventStreamClient(port: reader.port, target: "/v1/events?width=320")
    #expect(subscriber.head.status == 200 && subscriber.head.header("Content-Type") == "text/event-stream")
    let body = Array(#"{"id": "across", "title": "From the other server"}"#.utf8)
    let created = try writer.send("POST", "/v1/feed-items", body: body, headers: ["Authorization: Bearer \(token)"])
    #expect(created.status == 201, "\(created.text)")
    let event = try #require(try subscriber.next(timeout: 10))
    #expect(event.event == "change" && event.id != nil)
    let change = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
    #expect(change["id"] as? String == "across" && change["op"] as? String == "insert")
    #expect(change["row"] != nil)
    // SIGTERM: the stream ends with its last chunk, and the server exits 0.
    #expect(reader.stop() == 0)
    #expect(try subscriber.next(timeout: 10) == nil)
    #expect(subscriber.endedCleanly)
    #expect(writer.stop() == 0)
  }

  @Test("200 idle subscribers on two worker threads: the server's threads do not grow with them")
  func idleSubscribersHoldNoThread() throws {
    let idle = try IdleSubscribers(
      200, serving: ["--threads", "2", "--max-connections", "400", "--max-subscribers", "300"])
    #expect(idle.threadsAfter <= idle.threadsBefore + 2, "\(idle)")
    // Past --max-subscribers: 503.
    let more = try (0..<99).map { _ in try EventStreamClient(port: idle.server.port, target: "/v1/events") }
    #expect(more.allSatisfy { $0.head.status == 200 })
    let refused = try idle.server.get("/v1/events")
    #expect(refused.status == 503 && refused.header("Retry-After") != nil)
    #expect(idle.server.stop() == 0)
  }

  /// libmicrohttpd 0.9.75's thread-per-connection mode keeps each connection's thread while the connection is
  /// suspended (it waits on the daemon's inter-thread channel: `thread_main_handle_connection`), and has no way to
  /// hand a connection to another loop, so there a subscriber costs a thread (docs/HTTP.md, "Server-sent events").
  @Test("--threads 0: each idle subscriber holds its connection's thread (libmicrohttpd cannot park it)")
  func threadPerConnectionSubscribers() throws {
    let idle = try IdleSubscribers(40, serving: ["--threads", "0"])
    #expect((idle.threadsBefore + 40...idle.threadsBefore + 42).contains(idle.threadsAfter), "\(idle)")
    #expect(idle.server.stop() == 0)
  }

  /// A seeded server started with some options, and `count` idle subscribers of its `/v1/events` opened after one
  /// first subscriber: the server's threads counted before and after them (the subscribers stay open).
  struct IdleSubscribers: CustomStringConvertible {
    let server: ServerProcess
    let subscribers: [EventStreamClient]
    let threadsBefore: Int
    let threadsAfter: Int

    init(_ count: Int, serving options: [String]) throws {
      let server = try ServerProcess()
      try server.seed()
      try server.start(["--db", server.database, "--quiet"] + options)
      let pid = try #require(server.processIdentifier)
      let open = { try EventStreamClient(port: server.port, target: "/v1/events") }
      let first = try open()
      #expect(first.head.status == 200)
      threadsBefore = try EventsServeTests.threads(of: pid)
      subscribers = [first] + (try (0..<count).map { _ in try open() })
      #expect(subscribers.allSatisfy { $0.head.status == 200 })
      self.server = server
      threadsAfter = try EventsServeTests.threads(of: pid)
    }

    var description: String {
      "threads \(threadsBefore) -> \(threadsAfter) with \(subscribers.count - 1) more subscribers"
    }
  }

  /// The threads of process `pid`.
  static func threads(of pid: Int32) throws -> Int {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
  }
}
