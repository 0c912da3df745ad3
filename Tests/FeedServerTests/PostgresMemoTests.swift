import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import HTTPServer
import PostgresCore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// The answer memo on PostgreSQL, in process: on (a change the store was not told of is not seen by a remembered
/// answer); a write of this server is in its very next answer; another connection's commit is in the answers
/// the server serves ``CommitListener/stalenessBound`` after it at the latest (each old answer is checked to have
/// been asked before that), and at once for a request sending the write's `Stackfeed-Commit`; a session the
/// database ended forgets. A page is remembered the second time it is made (the memo's doorkeeper), so each test
/// asks twice first. Other processes' writes: ServeTests.CoherenceTests.
@Suite(
  "FeedAPI on PostgreSQL: answers remembered until a commit is heard, at most a bound late",
  .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct PostgresMemoTests {
  static let page = "/v1/feed?limit=5"

  /// Changes the first feed item's title to "Unannounced" without a `write { }` transaction: nothing is announced.
  private func changeUnannounced(_ api: TestAPI) throws {
    try api.database.execute(
      "UPDATE feed_item SET title = 'Unannounced' WHERE position = (SELECT min(position) FROM feed_item)")
  }

  /// Has `api`'s server remember ``page`` (asked twice), then changes its first feed item's title to
  /// "Unannounced" without telling the store, and checks the page is still the remembered one; that page.
  @discardableResult
  private func rememberPageThenChangeIt(_ api: TestAPI) throws -> HTTPResponse {
    let before = api.get(Self.page)
    #expect(before.status == 200)
    #expect(api.get(Self.page).body == before.body)
    try changeUnannounced(api)
    #expect(api.get(Self.page).body == before.body, "remembered: the page was not composed again")
    return before
  }

  /// An admin's `POST /v1/feed-items` of a new item titled "Fresh", for another server to answer.
  static var freshItem: HTTPRequest {
    var request = TestAPI.request("POST", "/v1/feed-items")
    request.body = Array(#"{"id": "new-1", "title": "Fresh"}"#.utf8)
    request.headers.append(HTTPField("Content-Type", "application/json"))
    return request
  }

  /// Another server over `test`'s database (its own pools, memo and listener).
  static func otherServer(_ test: TestAPI) throws -> FeedAPI {
    FeedAPI(
      location: StoreLocation.resolve(option: test.database.argument, environment: [:]),
      registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
  }

  /// Stops (`SIGSTOP`) the session of the listener of `test`'s server, whose last statement was the change
  /// counter's read (the pool's sessions ran the feed's queries); its process id, for `SIGCONT`.
  static func stopListener(of test: TestAPI) throws -> pid_t {
    let listener = try #require(
      pid_t(
        try test.database.query(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'SELECT n FROM store_changes'"
        )))
    #expect(kill(listener, SIGSTOP) == 0)
    return listener
  }

  /// Asks `api` for `page` until `isNew` holds of the answer, checking the staleness bound: every answer that
  /// does not hold was asked before `since` + ``CommitListener/stalenessBound`` (else the test fails, once). The
  /// time it took.
  @discardableResult
  static func awaitNewAnswer(
    from api: FeedAPI, since: ContinuousClock.Instant, _ isNew: (HTTPResponse) -> Bool
  ) -> Duration {
    while true {
      let asked = ContinuousClock.now
      let answer = api.respond(to: TestAPI.request("GET", page))
      #expect(answer.status == 200)
      if isNew(answer) { return asked - since }
      guard asked - since < CommitListener.stalenessBound else {
        Issue.record("an old answer asked \(asked - since) after the change")
        return asked - since
      }
      Thread.sleep(forTimeInterval: 0.002)
    }
  }

  @Test("this server's own write is in its very next answer, with the Stackfeed-Commit of the write")
  func ownWriteInTheNextAnswer() throws {
    let api = try TestAPI(.postgres)
    let before = try rememberPageThenChangeIt(api)
    // The server hears nothing meanwhile: its listener's session is stopped.
    let listener = try Self.stopListener(of: api)
    defer { kill(listener, SIGCONT) }
    let written = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "new-1", "title": "Fresh"}"#)
    #expect(written.status == 201)
    let commit = try #require(written.header("Stackfeed-Commit").flatMap { UInt64($0) })
    #expect(try api.database.query("SELECT n FROM store_changes") == "\(commit)", "the version its commit made")
    let after = api.get(Self.page)
    #expect(after.status == 200)
    #expect(after.text.contains("UNANNOUNCED") && after.text.contains("FRESH"), "\(after.text)")
    #expect(after.header("ETag") != before.header("ETag"))
  }

  @Test("another server's write: in a request sending its Stackfeed-Commit at once, in every answer within the bound")
  func anotherServersWrite() throws {
    let test = try TestAPI(.postgres)
    let other = try Self.otherServer(test)
    try rememberPageThenChangeIt(test)

    // This server hears nothing meanwhile: its listener's session is stopped.
    let listener = try Self.stopListener(of: test)
    defer { kill(listener, SIGCONT) }
    let written = other.respond(to: Self.freshItem, as: .admin)
    #expect(written.status == 201)
    let commit = try #require(written.header("Stackfeed-Commit"))
    // Read-your-writes: the client carries its commit to this server, which has not heard it.
    let mine = test.get(Self.page, headers: [HTTPField("Stackfeed-Commit", commit)])
    #expect(mine.status == 200)
    #expect(mine.text.contains("UNANNOUNCED") && mine.text.contains("FRESH"), "\(mine.text)")
  }

  @Test("another server's write without its Stackfeed-Commit: in every answer the bound after it at the latest")
  func boundedStaleness() throws {
    let test = try TestAPI(.postgres)
    let other = try Self.otherServer(test)
    try rememberPageThenChangeIt(test)
    #expect(other.respond(to: Self.freshItem, as: .admin).status == 201)
    let took = Self.awaitNewAnswer(from: test.api, since: .now) { $0.text.contains("FRESH") }
    #expect(took < CommitListener.stalenessBound)
  }

  @Test("a NOTIFY without a number (a change outside the store, announced by hand) is in the answers within the bound")
  func aManualNotifyForgets() throws {
    let api = try TestAPI(.postgres)
    try rememberPageThenChangeIt(api)
    try api.database.execute("NOTIFY \(PostgresCore.Connection.commitChannel)")
    Self.awaitNewAnswer(from: api.api, since: .now) { $0.text.contains("UNANNOUNCED") }
  }

  @Test("a Stackfeed-Commit that is not a version is refused (400) on reads, and one not heard yet composes the page")
  func commitHeaders() throws {
    let api = try TestAPI(.postgres)
    let before = api.get(Self.page)
    #expect(api.get(Self.page).body == before.body)
    for bad in ["", "-1", "1.5", "abc", "18446744073709551616", " 7"] {
      let answer = api.get(Self.page, headers: [HTTPField("Stackfeed-Commit", bad)])
      #expect(answer.status == 400, "\(bad)")
      #expect(answer.text.contains("Stackfeed-Commit"), "\(answer.text)")
    }
    try changeUnannounced(api)
    #expect(api.get(Self.page, headers: [HTTPField("Stackfeed-Commit", "0")]).body == before.body, "heard: the memo")
    let ahead = api.get(Self.page, headers: [HTTPField("Stackfeed-Commit", "\(UInt64.max)")])
    #expect(ahead.status == 200)
    #expect(ahead.text.contains("UNANNOUNCED"), "not heard: composed from a snapshot of its own")
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
    try changeUnannounced(test)
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
    try changeUnannounced(test)
    #expect(api.respond(to: request).text.contains("UNANNOUNCED"), "nothing remembered")
  }

  @Test("reads that hear the writes' commits keep the memo: the start-up check says nothing")
  func hearingReadsKeepTheMemo() throws {
    let test = try TestAPI(.postgres)
    #expect(test.api.checkMemo() == nil)
    try rememberPageThenChangeIt(test)
  }

  @Test("the listener's session ended by the database is opened again, and forgets what it remembered")
  func aNewSessionForgets() throws {
    let api = try TestAPI(.postgres)
    try rememberPageThenChangeIt(api)
    let admin = try PostgresCore.Connection(api.database.argument)
    let others = try admin.queryAll(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    ) { try $0.int64(at: 0) }
    #expect(!others.isEmpty, "the API's connection")
    for pid in others {  // with a timeout, pg_terminate_backend waits until the session has ended
      try admin.execute("SELECT pg_terminate_backend($1, 10000)", [.integer(pid)])
    }
    Self.awaitNewAnswer(from: api.api, since: .now) { $0.text.contains("UNANNOUNCED") }
  }

  @Test("a listener that stops answering turns the memo off within the bound: its server composes every answer")
  func aStoppedListenerTurnsTheMemoOff() throws {
    let api = try TestAPI(.postgres)
    try rememberPageThenChangeIt(api)
    let listener = try Self.stopListener(of: api)
    defer { kill(listener, SIGCONT) }
    Self.awaitNewAnswer(from: api.api, since: .now) { $0.text.contains("UNANNOUNCED") }
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
    try changeUnannounced(test)
    #expect(api.respond(to: request).text.contains("UNANNOUNCED"))
  }
}
