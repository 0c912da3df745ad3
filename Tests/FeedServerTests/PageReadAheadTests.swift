import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import HTTPServer
import SQLCore
import StackLayout
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// A page's statements sent ahead of its read (docs/HTTP.md, "Paging"): on PostgreSQL a per-user page — the token's
/// verification, the plugins' statements, `Stackfeed-Version` — is one round trip; on both backends its rows and
/// version are one snapshot while a writer commits in the middle of it, and a token revoked is refused on the next
/// request although its caller is remembered.
@Suite struct PageReadAheadTests {
  /// The round trips the reads of `test`'s PostgreSQL store cost while `body` runs.
  private func roundTrips(_ test: TestAPI, _ body: () throws -> Void) rethrows -> Int {
    let source = test.api.source as? PostgresSource
    let before = source?.readRoundTrips.load(ordering: .relaxed) ?? 0
    try body()
    return (source?.readRoundTrips.load(ordering: .relaxed) ?? 0) - before
  }

  @Test(.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
  func aPerUserPageIsOneRoundTripOnceItsTokenIsKnown() throws {
    let test = try TestAPI(.postgres, generate: 50)
    try test.addUsers(["ann"])
    try test.addUsers(["bob"])
    let token = try test.token(for: "ann")
    // Bob's pages first: each statement is prepared once per session (a round trip each, the first time).
    let warming = try test.token(for: "bob")
    let version = try test.database.query("SELECT n FROM store_changes")
    for target in ["/v1/me/feed?limit=5", "/v1/me/render?limit=2&format=svg", "/v1/feed?limit=4&after=feed_item:3:2:3"]
    {
      #expect(test.get(target, token: warming).status == 200, "\(target)")
    }
    var first: HTTPResponse?
    // Not known yet: its verification (with the read's BEGIN), then the page's statements.
    #expect(try roundTrips(test) { first = test.get("/v1/me/feed?limit=5", token: token) } == 2)
    #expect(first?.status == 200 && first?.header("Stackfeed-Version") == version)
    let rows = try first?.json()["rows"] as? [[String: Any]] ?? []
    #expect(rows.count == 5 && rows.first?["kind"] as? String == "header")
    // Known: one round trip for every page the memo does not hold, each with its version.
    for target in ["/v1/me/feed?limit=6", "/v1/me/feed?limit=3&time_zone=UTC", "/v1/me/render?limit=2&format=svg"] {
      var page: HTTPResponse?
      let trips = roundTrips(test) { page = test.get(target, token: token) }
      // A render page reads the images its cards name once they are laid out: one more.
      #expect(trips == (target.contains("render") ? 2 : 1), "\(target)")
      #expect(page?.status == 200 && page?.header("Stackfeed-Version") == version, "\(target)")
    }
    // A page the memo holds: the token's verification only.
    var remembered: HTTPResponse?
    #expect(try roundTrips(test) { remembered = test.get("/v1/me/feed?limit=6", token: token) } == 1)
    #expect(remembered?.status == 200)
    // An anonymous page after a cursor, never asked before: its one query and its version, one round trip.
    let next = try #require(try test.get("/v1/feed?limit=4").json()["next"] as? String)
    var fresh: HTTPResponse?
    #expect(try roundTrips(test) { fresh = test.get("/v1/feed?limit=4&after=\(next)") } == 1)
    #expect(fresh?.status == 200 && fresh?.header("Stackfeed-Version") == version)
  }

  @Test(arguments: Backend.available)
  func aTokenRevokedIsRefusedOnTheNextRequest(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let created = try test.tokens().create(user: "ann", scope: .read, name: nil, at: 1)
    let token = created.secret.text
    for limit in 1...2 {  // on PostgreSQL the second is sent ahead for the caller the first proved
      #expect(test.get("/v1/me/feed?limit=\(limit)", token: token).status == 200)
    }
    try test.tokens().revoke(id: created.token.id, at: 2)
    for target in ["/v1/me/feed?limit=2", "/v1/me/feed?limit=3", "/v1/me"] {  // remembered, and not
      let refused = test.get(target, token: token)
      #expect(refused.status == 401, "\(target)")
      #expect(refused.header("WWW-Authenticate") == #"Bearer error="invalid_token""#, "\(target)")
    }
  }

  /// A writer commits a new feed item while the page is read, after its first statements and before the probe's
  /// own statement (not sent ahead): the probe, the rows and `Stackfeed-Version` all show the store before it.
  @Test(arguments: Backend.available)
  func aPagesRowsAndVersionAreOneSnapshotWhileAWriterCommits(backend: Backend) throws {
    let probe = SnapshotProbe()
    let registry = try PluginRegistry(PluginRegistry.builtInPlugins + [probe])
    let test = try TestAPI(backend, generate: 10, registry: registry)
    let items = Int(try test.database.query("SELECT count(*) FROM feed_item")) ?? 0
    let version = try test.database.query("SELECT n FROM store_changes")
    probe.duringRead = { _ = try? test.seed(generate: 1) }
    let page = test.get("/v1/feed?limit=5")
    #expect(page.status == 200)
    let rows = try page.json()["rows"] as? [[String: Any]] ?? []
    let counted = rows.first { $0["kind"] as? String == "probe" }?["texts"] as? [String: Any]
    #expect(counted?["items"] as? String == "\(items)")
    #expect(page.header("Stackfeed-Version") == version)
    #expect(try test.database.query("SELECT count(*) FROM feed_item") == "\(items + 1)")
    // The next read sees the commit, in its rows and its version.
    let after = test.get(
      "/v1/feed?limit=5", headers: [HTTPField("Stackfeed-Commit", String((UInt64(version) ?? 0) + 1))])
    let seen = try after.json()["rows"] as? [[String: Any]] ?? []
    let countedAfter = seen.first { $0["kind"] as? String == "probe" }?["texts"] as? [String: Any]
    #expect(countedAfter?["items"] as? String == "\(items + 1)")
    #expect(after.header("Stackfeed-Version") == String((UInt64(version) ?? 0) + 1))
  }
}

/// A leading row kind whose one row counts the feed items, read after ``duringRead`` ran (once): a commit made
/// there is after the page's first statements and before this one, which is not sent ahead.
final class SnapshotProbe: RowPlugin, @unchecked Sendable {  // duringRead is set and run on the test's thread
  let kind = "probe"
  let placement = RowPlacement.leading
  let migrations: [Migration] = []
  let seedFiles: [String] = []
  /// Runs once, in the next page's read, then is cleared.
  var duringRead: (() -> Void)?

  func validateSeed(_ files: SeedFiles) throws(SeedError) -> Int? { nil }
  func writeSeed(_ seed: Int, to db: StoreConnection) throws {}
  func deleteAll(in db: StoreConnection) throws {}

  func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, Int) throws -> Void
  ) throws {
    guard key == nil else { return }
    let run = duringRead
    duringRead = nil
    run?()
    try body(0, try db.queryOne("SELECT count(*) FROM feed_item", []) { try $0.int(at: 0) } ?? -1)
  }

  func viewModel(for model: Int, context: RowContext) -> Int { model }
  func row(for viewModel: Int) -> FeedRow {
    FeedRow(kind: kind, id: "count", texts: [RowText("items", "\(viewModel)")], viewModel: viewModel)
  }
  func card(for viewModel: Int) -> LayoutNode { Spacer(h: 1).node }
}
