import Foundation
import StackfeedTestSupport
import Testing

/// Two `stackfeed serve` processes over one database, each remembering its answers (SQLite: `PRAGMA data_version`;
/// PostgreSQL: the commit notifications its listener hears, docs/HTTP.md "Reading your own writes"): a change
/// committed by another process is in the very next answer to a request that sends its commit's version
/// (`Stackfeed-Commit`), and in every answer the staleness bound after the commit at the latest (on SQLite in
/// every next answer). Each round asks every server before and right after a re-seed; the re-seed's process has
/// exited (its commit acknowledged) before the next request is sent, and an answer from before fails the round.
@Suite(
  "two servers over one database: a commit anywhere is in every server's next answer that names it, and in all within the bound",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct CoherenceTests {
  static let page = "/v1/feed?limit=500"
  /// How late an answer may miss another process's commit on PostgreSQL (FeedServer's
  /// `CommitListener.stalenessBound`).
  static let stalenessBound = Duration.seconds(1)

  @Test(
    "a re-seed from a third process is in both servers' next answers naming it, and in all within the bound, round after round",
    arguments: Backend.available)
  func aReseedIsInEveryServersNextAnswer(backend: Backend) throws {
    let servers = try [ServerProcess(backend), ServerProcess()]
    let database = servers[0].database
    let folders = try [("small", 3), ("large", 400)].map { try LoadTests.seedFolder(servers[0], $0.0, items: $0.1) }
    #expect(try servers[0].run(["seed", "--db", database, "--reset", "--from", folders[0]]).code == 0)
    for server in servers { try server.start(["--db", database, "--threads", "1", "--quiet"]) }
    // 3 items + header = 4 rows; 400 items + header = 401 rows.
    var rows = 4
    var committed = ContinuousClock.now
    for round in 0..<10 {
      for (index, server) in servers.enumerated() {
        for _ in 0..<2 {
          if backend == .sqlite {
            #expect(try Self.rows(server) == rows, "round \(round), server \(index), before")
          } else {  // the server asked with the version may not have heard the commit itself yet
            try Self.awaitRows(rows, from: server, since: committed, "round \(round), server \(index), before")
          }
        }
      }
      let next = (round + 1) % 2
      let seeded = try servers[0].run(["seed", "--db", database, "--reset", "--from", folders[next]])
      #expect(seeded.code == 0, "\(seeded.stderr)")
      committed = ContinuousClock.now
      let commit = try servers[0].testDatabase.query("SELECT n FROM store_changes")
      rows = next == 0 ? 4 : 401
      // One server is asked with the commit's version, the other without (by turns): asked with it first, the
      // other would be answered from its memo anew.
      for (index, server) in servers.enumerated() {
        if index == round % 2 {
          #expect(
            try Self.rows(server, headers: ["Stackfeed-Commit: \(commit)"]) == rows,
            "round \(round), server \(index): an answer from before the re-seed it named")
        } else if backend == .sqlite {
          #expect(try Self.rows(server) == rows, "round \(round), server \(index): an answer from before the re-seed")
        } else {
          try Self.awaitRows(rows, from: server, since: committed, "round \(round), server \(index)")
        }
      }
    }
    for server in servers { #expect(server.stop() == 0) }
  }

  @Test(
    "PostgreSQL: the memo is on across processes (a change nobody announced is not seen) and a seed clears it",
    .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
  func theMemoIsOnAndASeedClearsIt() throws {
    let servers = try [ServerProcess(.postgres), ServerProcess()]
    let database = servers[0].database
    try servers[0].seed()
    for server in servers { try server.start(["--db", database, "--threads", "1", "--quiet"]) }
    // Asked twice: a page is remembered the second time it is made.
    let before = try servers.map { try $0.get(Self.page).body }
    for (index, server) in servers.enumerated() { #expect(try server.get(Self.page).body == before[index]) }
    // Outside the store's write transactions, so not announced: the remembered pages stay (the memo is on).
    try servers[0].testDatabase.execute("UPDATE feed_item SET title = 'Unannounced'")
    for (index, server) in servers.enumerated() {
      #expect(try server.get(Self.page).body == before[index], "server \(index) composed the page again")
    }
    try servers[0].seed(generate: 1)
    let commit = try servers[0].testDatabase.query("SELECT n FROM store_changes")
    for (index, server) in servers.enumerated() {
      let after = try server.get(Self.page, headers: ["Stackfeed-Commit: \(commit)"])
      #expect(after.text.contains("UNANNOUNCED") && after.body.count > before[index].count, "server \(index)")
    }
    for server in servers { #expect(server.stop() == 0) }
  }

  /// Asks `server` until it answers `rows` rows, failing (once) when an answer without them was asked
  /// ``stalenessBound`` after `since` or later.
  static func awaitRows(_ rows: Int, from server: ServerProcess, since: ContinuousClock.Instant, _ what: String) throws
  {
    while true {
      let asked = ContinuousClock.now
      if try Self.rows(server) == rows { return }
      guard asked - since < stalenessBound else {
        Issue.record("\(what): an answer from before the re-seed, asked \(asked - since) after it")
        return
      }
    }
  }

  /// The rows of the feed `server` answers (to a request with `headers`).
  static func rows(_ server: ServerProcess, headers: [String] = []) throws -> Int {
    let reply = try server.get(page, headers: headers)
    guard reply.status == 200 else { throw ServerError(text: "\(reply.status) \(reply.text)") }
    return try CachingAndPagingTests.ids(of: Data(reply.body)).count
  }
}
