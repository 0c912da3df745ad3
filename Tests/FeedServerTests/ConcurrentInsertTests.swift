import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import PromoPlugin
import StackfeedTestSupport
import Synchronization
import Testing

/// Feed items posted at once over real sockets, to one server or spread over two with their own connections to
/// one database: each insert takes its turn for a position, so every one is 201 (never a 500 from two inserts
/// writing one position, as 2 of 8 were on PostgreSQL), and two posts of one id are one 201 and 409s.
@Suite(
  "FeedAPI over sockets: 8 feed items posted at once",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ConcurrentInsertTests {
  /// An HTTP server on an ephemeral port answering with a new `FeedAPI` over `database` for an admin, with 8
  /// worker threads and 9 write connections (`--db-connections 37`): every request writes at once.
  static func server(_ database: TestDatabase, registry: PluginRegistry? = nil) throws -> HTTPServer {
    let api = FeedAPI(
      location: StoreLocation.resolve(option: database.argument, environment: [:]),
      registry: try registry ?? .builtIn(),
      defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) }, limits: StoreLimits(connections: 37))
    return try HTTPServer(.init(host: "127.0.0.1", port: 0, threads: 8)) { request in
      api.respond(to: request, as: .admin)
    }
  }

  /// The statuses of `bodies` posted to `target` at once, spread over `ports`: a thread each (not
  /// `concurrentPerform`, which runs as many at a time as the machine has cores), let go together.
  static func post(_ bodies: [String], to ports: [Int], target: String = "/v1/feed-items") throws -> [Int] {
    let statuses = Mutex<[Int]>([])
    let failures = Mutex<[String]>([])
    let gate = DispatchGroup()
    gate.enter()
    let done = DispatchGroup()
    for (index, text) in bodies.enumerated() {
      done.enter()
      Thread {
        defer { done.leave() }
        gate.wait()
        let body = Array(text.utf8)
        do {
          let reply = try HTTPClient.request(
            port: ports[index % ports.count], method: "POST", target: target,
            headers: ["Content-Type: application/json", "Content-Length: \(body.count)"], body: body)
          statuses.withLock { $0.append(reply.status) }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }.start()
    }
    gate.leave()
    done.wait()
    #expect(failures.withLock { $0 }.isEmpty)
    return statuses.withLock { $0 }.sorted()
  }

  @Test(
    "8 new items at the top and 8 before one item, at once: all 201, each once in the feed",
    arguments: Backend.available, [1, 2])
  func positions(backend: Backend, servers: Int) throws {
    let api = try TestAPI(backend)
    let running = try (0..<servers).map { _ in try Self.server(api.database) }
    defer { for server in running { server.stop() } }
    let ports = running.map(\.port)
    let top = (0..<8).map { #"{"id": "top-\#($0)", "title": "Top \#($0)"}"# }
    #expect(try Self.post(top, to: ports) == Array(repeating: 201, count: 8))
    let before = (0..<8).map {
      #"{"id": "mid-\#($0)", "title": "Mid \#($0)", "before": "\#(FeedItemWriteTests.third)"}"#
    }
    #expect(try Self.post(before, to: ports) == Array(repeating: 201, count: 8))
    let ids = try FeedItemWriteTests.ids(api)
    #expect(ids.count == 6 + 16)
    #expect(Set(ids).count == ids.count)
    #expect(Set(ids.prefix(8)) == Set((0..<8).map { "top-\($0)" }))
    let third = try #require(ids.firstIndex(of: FeedItemWriteTests.third))
    #expect(Set(ids[(third - 8)..<third]) == Set((0..<8).map { "mid-\($0)" }))
  }

  @Test("8 posts of one id at once: one 201, seven 409", arguments: Backend.available, [1, 2])
  func oneID(backend: Backend, servers: Int) throws {
    let api = try TestAPI(backend)
    let running = try (0..<servers).map { _ in try Self.server(api.database) }
    defer { for server in running { server.stop() } }
    let bodies = Array(repeating: #"{"id": "same", "title": "Same"}"#, count: 8)
    #expect(try Self.post(bodies, to: running.map(\.port)) == [201] + Array(repeating: 409, count: 7))
    #expect(try FeedItemWriteTests.ids(api).filter { $0 == "same" }.count == 1)
  }

  @Test(
    "8 promos posted at once (the example appends each after the others): all 201, each once",
    arguments: Backend.available, [1, 2])
  func promos(backend: Backend, servers: Int) throws {
    let registry = try PluginRegistry.builtIn().adding(PromoPlugin())
    let api = try TestAPI(backend, registry: registry)
    let running = try (0..<servers).map { _ in try Self.server(api.database, registry: registry) }
    defer { for server in running { server.stop() } }
    let bodies = (0..<8).map { #"{"id": "promo-\#($0)", "text": "Promo \#($0)"}"# }
    #expect(try Self.post(bodies, to: running.map(\.port), target: "/v1/promos") == Array(repeating: 201, count: 8))
    #expect(try api.database.query("SELECT count(*) FROM promo WHERE id LIKE 'promo-%'") == "8")
  }
}
