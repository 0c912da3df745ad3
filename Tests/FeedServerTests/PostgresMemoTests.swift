import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import PostgresCore
import StackfeedTestSupport
import Testing

/// The answer memo on PostgreSQL, in process: on (a change the store was not told of is not seen by a remembered
/// answer), and forgotten by the very next answer once a write has committed, and when the connection is opened
/// again. A page is remembered the second time it is made (the memo's doorkeeper), so each test asks twice first.
/// Other processes' writes: ServeTests.CoherenceTests.
@Suite(
  "FeedAPI on PostgreSQL: answers remembered until a commit is announced",
  .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct PostgresMemoTests {
  static let page = "/v1/feed?limit=5"

  /// Changes the first feed item's title without a `write { }` transaction: nothing is announced.
  private func changeUnannounced(_ api: TestAPI, to title: String) throws {
    try api.database.execute(
      "UPDATE feed_item SET title = '\(title)' WHERE position = (SELECT min(position) FROM feed_item)")
  }

  @Test("a remembered page stays until a write commits, and the very next answer after the commit is the new feed")
  func forgottenOnceAWriteCommits() throws {
    let api = try TestAPI(.postgres)
    let before = api.get(Self.page)
    #expect(before.status == 200)
    #expect(api.get(Self.page).body == before.body)
    try changeUnannounced(api, to: "Unannounced")
    #expect(api.get(Self.page).body == before.body, "the memo is on: the page was not composed again")

    let writer = try PostgresCore.Connection(api.database.argument)
    try writer.write { try writer.execute("UPDATE feed_item SET subtitle = 'Announced' WHERE position > 0") }
    let after = api.get(Self.page)
    #expect(after.status == 200)
    #expect(after.text.contains("UNANNOUNCED") && after.text.contains("Announced"), "\(after.text)")
    #expect(after.header("ETag") != before.header("ETag"))
  }

  @Test("a NOTIFY without a number (a change made outside the store, announced by hand) makes the next answer new")
  func aManualNotifyForgets() throws {
    let api = try TestAPI(.postgres)
    let before = api.get(Self.page)
    #expect(api.get(Self.page).body == before.body)
    try changeUnannounced(api, to: "Unannounced")
    #expect(api.get(Self.page).body == before.body, "remembered")
    try api.database.execute("NOTIFY \(PostgresCore.Connection.commitChannel)")
    let after = api.get(Self.page)
    #expect(after.status == 200)
    #expect(after.text.contains("UNANNOUNCED"), "\(after.text)")
  }

  @Test("the tokens' last uses written (bookkeeping, not announced) keep the remembered answers")
  func bookkeepingKeepsTheMemo() throws {
    let test = try TestAPI(.postgres)
    try test.addUsers(["ann"])
    let ann = try test.token(for: "ann")
    var api = test.api
    let uses = TokenUseLog(location: StoreLocation.resolve(option: test.database.argument, environment: [:]))
    api.tokenUses = uses
    let before = api.respond(to: TestAPI.request("GET", Self.page))
    #expect(api.respond(to: TestAPI.request("GET", Self.page)).body == before.body)
    try changeUnannounced(test, to: "Unannounced")
    #expect(test.get("/v1/me", token: ann, api: api).status == 200)
    uses.flush()
    #expect(try test.tokens().list().first?.lastUsedAt != nil, "the use was written")
    #expect(api.respond(to: TestAPI.request("GET", Self.page)).text == before.text, "still remembered")
  }

  @Test("reads that do not hear the writes' commits turn the memo off at start-up, saying so once")
  func deafReadsTurnTheMemoOff() throws {
    let test = try TestAPI(.postgres)
    // Writes announced in another database, as a logical-replication subscriber's publisher: never heard.
    let publisher = try TestAPI(.postgres)
    let api = FeedAPI(
      location: StoreLocation.resolve(option: test.database.argument, environment: [:]),
      writeLocation: StoreLocation.resolve(option: publisher.database.argument, environment: [:]),
      registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
    let said = try #require(api.checkMemo())
    #expect(said.hasPrefix("the answer memo is off: a connection to \(test.database.name) did not hear"), "\(said)")
    #expect(!said.contains(test.database.argument), "no password")
    let request = TestAPI.request("GET", Self.page)
    #expect(api.respond(to: request).status == 200)
    #expect(api.respond(to: request).status == 200)
    try changeUnannounced(test, to: "Unannounced")
    #expect(api.respond(to: request).text.contains("UNANNOUNCED"), "nothing remembered")
  }

  @Test("reads that hear the writes' commits keep the memo: the start-up check says nothing")
  func hearingReadsKeepTheMemo() throws {
    let test = try TestAPI(.postgres)
    #expect(test.api.checkMemo() == nil)
    let before = test.get(Self.page)
    #expect(test.get(Self.page).text == before.text)
    try changeUnannounced(test, to: "Unannounced")
    #expect(test.get(Self.page).text == before.text, "remembered")
  }

  @Test("a connection the database ended is opened again, and forgets what it remembered")
  func aNewSessionForgets() throws {
    let api = try TestAPI(.postgres)
    let before = api.get(Self.page)
    #expect(api.get(Self.page).body == before.body)
    try changeUnannounced(api, to: "Unannounced")
    #expect(api.get(Self.page).body == before.body, "remembered")
    let admin = try PostgresCore.Connection(api.database.argument)
    let others = try admin.queryAll(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    ) { try $0.int64(at: 0) }
    #expect(!others.isEmpty, "the API's connection")
    for pid in others {  // with a timeout, pg_terminate_backend waits until the session has ended
      try admin.execute("SELECT pg_terminate_backend($1, 10000)", [.integer(pid)])
    }
    let after = api.get(Self.page)
    #expect(after.status == 200)
    #expect(after.body != before.body && after.text.contains("UNANNOUNCED"))
  }

  @Test("with a memo budget of 0 nothing is remembered: a change nobody announced is in the next answer")
  func memoOff() throws {
    let test = try TestAPI(.postgres)
    let api = FeedAPI(
      location: StoreLocation.resolve(option: test.database.argument, environment: [:]),
      registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) },
      limits: StoreLimits(memoBytes: 0))
    let request = TestAPI.request("GET", Self.page)
    let before = api.respond(to: request)
    #expect(api.respond(to: request).body == before.body)
    try changeUnannounced(test, to: "Unannounced")
    #expect(api.respond(to: request).text.contains("UNANNOUNCED"))
  }
}
