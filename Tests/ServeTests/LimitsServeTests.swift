import Foundation
import StackfeedTestSupport
import Synchronization
import Testing

/// `serve --memo-size` and `--db-connections` over real sockets: the options, and a thread-per-connection server
/// whose many clients share a bounded number of database connections (they wait for one, never a 503).
@Suite(
  "serve: the memo's budget and the bound on database connections",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct LimitsServeTests {
  @Test(
    "a bad --memo-size or --db-connections is exit 64 naming the option",
    arguments: [
      ["--memo-size", "12X"], ["--memo-size", "-1"], ["--memo-size", "M"], ["--memo-size", "1.5M"],
      ["--memo-size", "2048G"], ["--db-connections", "2"], ["--db-connections", "many"],
    ])
  func badOptions(arguments: [String]) throws {
    let server = try ServerProcess()
    let result = try server.run(["serve", "--port", "0"] + arguments)
    #expect(result.code == 64)
    #expect(result.stderr.contains(arguments[0]), "\(result.stderr)")
  }

  @Test(
    "the start line says the memo's budget and the bound",
    arguments: [
      (["--memo-size", "512K", "--db-connections", "5"], "5 database connections at most, answer memo 512 KiB"),
      (["--memo-size", "0", "--db-connections", "3"], "3 database connections at most, no answer memo"),
      (["--memo-size", "1048577"], "answer memo 1048577 bytes"),
    ])
  func startLine(arguments: [String], said: String) throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database, "--quiet"] + arguments)
    #expect(server.log.contains(said), "\(server.log)")
    #expect(try server.get("/v1/feed?limit=2").status == 200)
    #expect(server.stop() == 0)
  }

  @Test(
    "a thread per connection, 16 clients at once, 3 database connections: every request answered, never more opened",
    arguments: Backend.available)
  func manyClientsFewConnections(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed()
    try server.start(["--db", server.database, "--threads", "0", "--db-connections", "3", "--quiet"])
    let statuses = Mutex<[Int: Int]>([:])
    let port = server.port
    LoadTests.threads(16) {
      for request in 0..<20 {
        let item = request % 3 + 1
        let target = "/v1/feed?limit=5&after=feed_item:\(item):\(item):\(item)"
        let status = (try? HTTPClient.request(port: port, target: target).status) ?? 0
        statuses.withLock { $0[status, default: 0] += 1 }
      }
    }()
    #expect(statuses.withLock { $0 } == [200: 320])
    #expect((1...3).contains(try Self.openConnections(server)))
    #expect(server.stop() == 0)
  }

  /// The database connections `server` holds open: its descriptors open on the SQLite file, or its sessions in
  /// `pg_stat_activity`.
  static func openConnections(_ server: ServerProcess) throws -> Int {
    if server.testDatabase.backend == .postgres {
      let sessions = try server.testDatabase.query(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
      return Int(sessions) ?? -1
    }
    let pid = try #require(server.processIdentifier)
    let descriptors = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")
    return descriptors.filter { descriptor in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)"))
        == server.database
    }.count
  }
}
