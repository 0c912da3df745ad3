import Foundation
import StackfeedTestSupport
import Synchronization
import Testing

/// Writes end to end: tokens made by `stackfeed token create`, `stackfeed serve` processes on ephemeral ports,
/// requests over sockets: idempotent orders at the same instant to one server and to two servers on one
/// database, no acknowledged order lost to `kill -9`, and the Promo example's write route through
/// `stackfeed-promo serve`.
@Suite(
  "serve: writes",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct WriteServeTests {
  static let order = Array(#"{"items": [{"product": "apex-hoodie", "quantity": 2}]}"#.utf8)

  /// What a test keeps of a reply.
  struct Reply: Sendable, Hashable {
    var status: Int
    var body: [UInt8]
  }

  /// A token of `user` with `scope`, made by `token create` on `database` (the server's own by default).
  static func token(_ server: ServerProcess, scope: String, user: String = "default") throws -> String {
    let created = try server.run(["token", "create", "--db", server.database, "--user", user, "--scope", scope])
    try #require(created.code == 0, "\(created.stderr)")
    return String(created.stdout.dropLast())
  }

  /// `POST /v1/me/orders` with `key`.
  static func place(port: Int, token: String, key: String) throws -> Reply {
    let reply = try HTTPClient.request(
      port: port, method: "POST", target: "/v1/me/orders",
      headers: [
        "Authorization: Bearer \(token)", "Content-Type: application/json", "Idempotency-Key: \(key)",
        "Content-Length: \(order.count)",
      ], body: order)
    return Reply(status: reply.status, body: reply.body)
  }

  /// Sends one key 8 times at once, spread over `ports`; the replies.
  static func eightAtOnce(ports: [Int], token: String) throws -> [Reply] {
    let replies = Mutex<[Reply]>([])
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      do {
        let reply = try place(port: ports[index % ports.count], token: token, key: "one-key")
        replies.withLock { $0.append(reply) }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    return replies.withLock { $0 }
  }

  @Test("8 requests with one key at once to one server: one order, 8 identical 201s", arguments: Backend.available)
  func oneServer(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed()
    let token = try Self.token(server, scope: "write")
    try server.start(["--db", server.database, "--threads", "4", "--quiet"])
    let replies = try Self.eightAtOnce(ports: [server.port], token: token)
    #expect(replies.count == 8)
    #expect(replies.allSatisfy { $0.status == 201 }, "\(replies.map(\.status))")
    #expect(Set(replies).count == 1)
    #expect(try server.testDatabase.query("SELECT count(*) FROM orders") == "2")
  }

  @Test(
    "8 requests with one key at once spread over two serve processes on one database: one order",
    arguments: Backend.available)
  func twoServers(backend: Backend) throws {
    let first = try ServerProcess(backend)
    let second = try ServerProcess()
    try first.seed()
    let token = try Self.token(first, scope: "write")
    for server in [first, second] { try server.start(["--db", first.database, "--threads", "4", "--quiet"]) }
    let replies = try Self.eightAtOnce(ports: [first.port, second.port], token: token)
    #expect(replies.count == 8)
    #expect(replies.allSatisfy { $0.status == 201 }, "\(replies.map(\.status))")
    #expect(Set(replies).count == 1)
    #expect(try first.testDatabase.query("SELECT count(*) FROM orders") == "2")
    // The order is at once the user's latest on both servers.
    let id = try #require(try JSONSerialization.jsonObject(with: Data(replies[0].body)) as? [String: Any])["id"]
    for server in [first, second] {
      #expect(try server.get("/v1/feed?limit=3").text.contains("\"id\":\"\(try #require(id as? String))\""))
    }
  }

  @Test(
    "kill -9 under write load, three times, loses no acknowledged order: the restarted server serves them all",
    arguments: Backend.available)
  func killNine(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed()
    let token = try Self.token(server, scope: "write")
    var acked: [String] = []
    for round in 0..<3 {
      try server.start(["--db", server.database, "--threads", "4", "--quiet"])
      // The server restarted after a kill: every order acknowledged before is there (SQLite replayed its WAL).
      for id in acked {
        let reply = try server.get("/v1/orders/\(id)", headers: ["Authorization: Bearer \(token)"])
        #expect(reply.status == 200, "round \(round): the acknowledged order \(id) is \(reply.status)")
      }
      acked += try Self.killedUnderLoad(server, token: token, round: round)
      let stored = Set(try server.testDatabase.query("SELECT id FROM orders").split(separator: "\n").map(String.init))
      let lost = Set(acked).subtracting(stored)
      #expect(lost.isEmpty, "round \(round), acknowledged but lost: \(lost)")
    }
    #expect(acked.count >= 120)
  }

  /// Four clients placing orders on `server` until it is gone; once 40 are acknowledged, `kill -9`. Returns the
  /// ids of the orders answered 201 (a client that stops early, on an answer other than 201, wakes the kill too,
  /// so the count falls short and the caller's check fails instead of waiting).
  static func killedUnderLoad(_ server: ServerProcess, token: String, round: Int) throws -> [String] {
    let port = server.port
    let acknowledged = Mutex<[String]>([])
    let enough = DispatchSemaphore(value: 0)
    let clients = DispatchGroup()
    for client in 0..<4 {
      DispatchQueue.global().async(group: clients) {
        defer { enough.signal() }
        // Until the server is gone (a refused or cut connection ends the loop), or a bound is reached.
        for number in 0..<2000 {
          guard let reply = try? Self.place(port: port, token: token, key: "r\(round)-c\(client)-\(number)"),
            reply.status == 201,
            let object = try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any],
            let id = object["id"] as? String
          else { return }
          let count = acknowledged.withLock { ids in
            ids.append(id)
            return ids.count
          }
          if count == 40 { enough.signal() }
        }
      }
    }
    enough.wait()
    #expect(server.stop(signal: SIGKILL) == SIGKILL)
    clients.wait()
    let acked = acknowledged.withLock { $0 }
    #expect(acked.count >= 40, "round \(round): the clients stopped before 40 orders were acknowledged")
    return acked
  }

  @Test("the Promo example adds POST /v1/promos without touching the core: stackfeed-promo serve")
  func promoRoute() throws {
    let server = try ServerProcess()
    server.executable = ServerProcess.promoBinary
    try server.seed()
    let admin = try Self.token(server, scope: "admin")
    try server.start(["--db", server.database, "--quiet"])
    let body = Array(#"{"id": "flash", "text": "Flash sale"}"#.utf8)
    let headers = ["Authorization: Bearer \(admin)", "Content-Type: application/json", "Content-Length: \(body.count)"]
    let created = try HTTPClient.request(
      port: server.port, method: "POST", target: "/v1/promos", headers: headers, body: body)
    #expect(created.status == 201, "\(created.text)")
    #expect(created.header("Location") == "/v1/rows/promo/flash")
    #expect(try server.get("/v1/feed?limit=100").text.contains(#""text":"FLASH SALE""#))
    #expect(try server.send("POST", "/v1/promos", body: body).status == 401)
  }
}
