import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// One `Idempotency-Key` sent 8 times at once over real sockets: to one server (libmicrohttpd's worker threads),
/// and spread over two servers with their own connections to one database. The callers are made here (a
/// token's user and scope); `ServeTests` send real tokens to `stackfeed serve` processes.
@Suite(
  "FeedAPI over sockets: one key, 8 requests at once",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct SocketIdempotencyTests {
  /// What a test keeps of a reply.
  struct Reply: Sendable {
    var status: Int
    var body: [UInt8]
    var location: String?
  }

  /// An HTTP server on an ephemeral port answering with a new `FeedAPI` over `database` for a writer token.
  static func server(_ database: TestDatabase) throws -> HTTPServer {
    let registry = try PluginRegistry.builtIn()
    let api = FeedAPI(
      location: StoreLocation.resolve(option: database.argument, environment: [:]), registry: registry,
      defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
    return try HTTPServer(.init(host: "127.0.0.1", port: 0, threads: 4)) { request in
      api.respond(to: request, as: IdempotencyTests.writer)
    }
  }

  @Test(
    "8 at once to one server, or to two servers on one database: one order, 8 identical answers",
    arguments: Backend.available, [1, 2])
  func oneKey(backend: Backend, servers: Int) throws {
    let api = try OrderWriteTests.api(backend)
    let running = try (0..<servers).map { _ in try Self.server(api.database) }
    defer { for server in running { server.stop() } }
    let ports = running.map(\.port)
    let body = Array(OrderWriteTests.order.utf8)
    let replies = Mutex<[Reply]>([])
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
      do {
        let reply = try HTTPClient.request(
          port: ports[index % ports.count], method: "POST", target: "/v1/me/orders",
          headers: ["Content-Type: application/json", "Idempotency-Key: socket-key", "Content-Length: \(body.count)"],
          body: body)
        let seen = Reply(status: reply.status, body: reply.body, location: reply.header("Location"))
        replies.withLock { $0.append(seen) }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    let all = replies.withLock { $0 }
    #expect(all.count == 8)
    #expect(all.allSatisfy { $0.status == 201 }, "\(all.map(\.status))")
    #expect(Set(all.map(\.body)).count == 1)
    #expect(Set(all.compactMap(\.location)).count == 1)
    #expect(try IdempotencyTests.orders(api) == "2")
  }
}
