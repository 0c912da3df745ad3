import Foundation
import PostgresCore
import StackfeedTestSupport
import Testing

/// Several `stackfeed serve` processes over one PostgreSQL database, a database that goes away under them, and a
/// server reading from a streaming replica: real processes on ephemeral ports over throwaway clusters. Skipped,
/// saying why, without libmicrohttpd or PostgreSQL.
@Suite(
  "several servers over one PostgreSQL database",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote),
  .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct SeveralServersTests {
  static let page = "/v1/feed?limit=20&pretty=1"  // the bytes of list --format json

  @Test("a re-seed from a third process is seen by both servers whole: every answer is the old or the new feed")
  func twoServersSeeAReseedWhole() throws {
    let url = try PostgresCluster.shared().makeDatabase()
    let servers = try [ServerProcess(), ServerProcess()]
    #expect(try servers[0].run(["seed", "--db", url]).code == 0)
    let old = try Self.listed(url, by: servers[0])
    for server in servers { try server.start(["--db", url, "--quiet"]) }
    for server in servers { #expect(try server.get(Self.page).body == old) }

    // Replaces the feed in one transaction of a few thousand rows, polling both servers until it has committed.
    let reseed = try Self.spawn(
      ["seed", "--db", url, "--reset", "--no-reference", "--generate", "3000"], by: servers[0])
    var answers: [(server: Int, reply: HTTPReply)] = []
    var duringReseed = 0
    repeat {
      for (index, server) in servers.enumerated() { answers.append((index, try server.get(Self.page))) }
      if reseed.isRunning { duringReseed += 1 }
    } while reseed.isRunning
    reseed.waitUntilExit()
    #expect(reseed.terminationStatus == 0)
    let new = try Self.listed(url, by: servers[0])
    #expect(new != old)
    for (index, server) in servers.enumerated() { answers.append((index, try server.get(Self.page))) }

    #expect(duringReseed > 0, "no request was answered while the re-seed ran")
    for (index, reply) in answers {
      #expect(reply.status == 200, "server \(index): \(reply.status) \(reply.text)")
      #expect(reply.body == old || reply.body == new, "server \(index) answered half a feed: \(reply.text)")
    }
    for index in servers.indices {
      #expect(answers.last { $0.server == index }?.reply.body == new, "server \(index) still has the old feed")
    }
    for server in servers { #expect(server.stop() == 0) }
  }

  @Test("the database stopped under a running server: 503 with Retry-After, never a wrong page; started: served")
  func aStoppedDatabaseIs503UntilItIsBack() throws {
    let cluster = try PostgresCluster.start()
    defer { cluster.stop() }
    let url = cluster.url()
    let server = try ServerProcess()
    #expect(try server.run(["seed", "--db", url]).code == 0)
    let page = try Self.listed(url, by: server)
    try server.start(["--db", url, "--quiet", "--threads", "2"])
    #expect(try server.get(Self.page).body == page)

    cluster.pause()
    for target in [Self.page, Self.page, "/v1/render?width=320&format=json"] {
      let reply = try server.get(target)
      #expect(reply.status == 503, "\(target) while the database is stopped: \(reply.status) \(reply.text)")
      #expect(reply.header("Retry-After") == "1")
      #expect(!reply.text.contains("127.0.0.1"), "the problem names no host: \(reply.text)")
      let instance = try #require(reply.text.firstMatch(of: /urn:stackfeed:request:[0-9a-f]{16}/)?.output)
      #expect(server.log.contains(instance), "the log has the request id even with --quiet: \(server.log)")
    }
    #expect(server.log.contains("127.0.0.1"), "the log names the database: \(server.log)")
    #expect(!server.log.contains(cluster.password), "the password leaked: \(server.log)")

    try cluster.resume()
    let replies = try (0..<3).map { _ in try server.get(Self.page) }
    for reply in replies {
      #expect(reply.status == 200, "after the database is back: \(reply.status) \(reply.text)")
      #expect(reply.body == page)
    }
    #expect(server.stop() == 0)
  }

  @Test("--read-db: the feed is read from a streaming replica, which follows the primary; writes go to the primary")
  func aReplicaServesTheFeedAndFollowsThePrimary() throws {
    let primary = try PostgresCluster.start()
    defer { primary.stop() }
    let server = try ServerProcess()
    #expect(try server.run(["seed", "--db", primary.url()]).code == 0)
    let made = try server.run(["token", "create", "--db", primary.url(), "--user", "default", "--scope", "write"])
    try #require(made.code == 0, "\(made.stderr)")
    let token = String(made.stdout.dropLast())
    let old = try Self.listed(primary.url(), by: server)
    let standby = try primary.startStandby()
    defer { standby.stop() }
    try server.start(["--db", primary.url(), "--read-db", standby.url(), "--quiet"])
    #expect(server.log.contains("feed read from postgres://stackfeed@127.0.0.1:\(standby.port)/postgres"))
    #expect(!server.log.contains(primary.password))
    #expect(try server.get(Self.page).body == old)

    // Reads never touch the primary: the feed is served while it is stopped.
    primary.pause()
    #expect(try server.get(Self.page).body == old)
    try primary.resume()

    // A write goes to the primary (the standby refuses writes), and the replica shows it once it has replayed it.
    let order = Array(#"{"items": [{"product": "vital-top", "quantity": 1}]}"#.utf8)
    let placed = try server.send("POST", "/v1/me/orders", body: order, headers: ["Authorization: Bearer \(token)"])
    #expect(placed.status == 201, "\(placed.text)")
    let id = try #require(try placed.json()["id"] as? String)
    let written = try Self.listed(primary.url(), by: server)
    #expect(String(decoding: written, as: UTF8.self).contains(#""id": "\#(id)""#), "the order is on the primary")
    try standby.waitForReplay(of: primary)
    #expect(try server.get(Self.page).body == written)

    let reseed = try server.run(["seed", "--db", primary.url(), "--reset", "--no-reference", "--generate", "50"])
    #expect(reseed.code == 0, "\(reseed.stderr)")
    let new = try Self.listed(primary.url(), by: server)
    #expect(new != written)
    // The replica shows the new feed once it has replayed the primary's WAL; meanwhile the old one.
    let during = try server.get(Self.page)
    #expect(during.status == 200 && (during.body == written || during.body == new), "\(during.text)")
    try standby.waitForReplay(of: primary)
    #expect(try server.get(Self.page).body == new)
    #expect(server.stop() == 0)
  }

  @Test("--read-db: tokens are verified on the primary, a revocation refused while the replica has not replayed it")
  func aReplicaServerVerifiesTokensOnThePrimary() throws {
    let primary = try PostgresCluster.start()
    defer { primary.stop() }
    let server = try ServerProcess()
    #expect(try server.run(["seed", "--db", primary.url()]).code == 0)
    let standby = try primary.startStandby()
    defer { standby.stop() }
    let old = try Self.token(on: primary, by: server)
    try standby.waitForReplay(of: primary)
    try server.start(["--db", primary.url(), "--read-db", standby.url(), "--quiet"])
    #expect(try server.get("/v1/me", headers: ["Authorization: Bearer \(old.secret)"]).status == 200)

    // The replica stops replaying; the primary revokes the old token and makes a new one.
    let replica = try Connection(standby.url())
    try replica.execute("SELECT pg_wal_replay_pause()")
    while try replica.queryOne("SELECT pg_get_wal_replay_pause_state()", { try $0.string(at: 0) }) != "paused" {
      usleep(10_000)  // the standby pauses at its next record or wait for WAL: an event, checked every 10 ms
    }
    let revoked = try server.run(["token", "revoke", old.id, "--db", primary.url()])
    #expect(revoked.code == 0, "\(revoked.stderr)")
    let new = try Self.token(on: primary, by: server)
    let alive = "SELECT id FROM tokens WHERE revoked_at IS NULL ORDER BY id"
    #expect(try replica.queryAll(alive) { try $0.string(at: 0) } == [old.id], "the replica is behind")

    let refused = try server.get("/v1/me", headers: ["Authorization: Bearer \(old.secret)"])
    #expect(refused.status == 401, "the revoked token: \(refused.status) \(refused.text)")
    let accepted = try server.get("/v1/me", headers: ["Authorization: Bearer \(new.secret)"])
    #expect(accepted.status == 200, "the new token: \(accepted.status) \(accepted.text)")
    #expect(try replica.queryAll(alive) { try $0.string(at: 0) } == [old.id], "the replica is still behind")

    try replica.execute("SELECT pg_wal_replay_resume()")
    try standby.waitForReplay(of: primary)
    #expect(try replica.queryAll(alive) { try $0.string(at: 0) } == [new.id])
    #expect(server.stop() == 0)
  }

  /// A new token of the seeded user `default` with scope `write`, made on `primary` by `token create`: its id
  /// (from stderr) and its secret (stdout).
  private static func token(on primary: PostgresCluster, by server: ServerProcess) throws -> (
    id: String, secret: String
  ) {
    let made = try server.run(["token", "create", "--db", primary.url(), "--user", "default", "--scope", "write"])
    try #require(made.code == 0, "\(made.stderr)")
    let id = try #require(made.stderr.firstMatch(of: /tok_[0-9a-f]{16}/).map { String($0.output) })
    return (id, String(made.stdout.dropLast()))
  }

  @Test(
    "--read-db takes only a PostgreSQL URL, over a PostgreSQL database: exit 64 naming the option",
    arguments: [
      (["--read-db", "/tmp/replica.sqlite", "--db", "postgres://127.0.0.1/feed"], "--read-db takes a postgres://"),
      (["--read-db", "postgres://127.0.0.1/feed"], "--read-db needs a PostgreSQL database for --db too"),
    ])
  func aReadDatabaseMustBePostgres(arguments: [String], message: String) throws {
    let server = try ServerProcess()
    let database = arguments.contains("--db") ? [] : ["--db", server.database]
    let result = try server.run(["serve", "--port", "0"] + database + arguments)
    #expect(result.code == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: server.database), "nothing is created")
  }

  /// What `stackfeed list --format json --limit 20` prints for the database at `url`: the bytes `/v1/feed` serves.
  static func listed(_ url: String, by server: ServerProcess) throws -> [UInt8] {
    let result = try server.run(["list", "--db", url, "--format", "json", "--limit", "20"])
    guard result.code == 0 else { throw ServerError(text: "list failed: \(result.stderr)") }
    return Array(result.stdout.utf8)
  }

  /// Starts `stackfeed arguments…` in `server`'s environment without waiting for it.
  static func spawn(_ arguments: [String], by server: ServerProcess) throws -> Process {
    let process = Process()
    process.executableURL = ServerProcess.binary
    process.arguments = arguments
    process.environment = server.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.runUnblocked()
    return process
  }
}
