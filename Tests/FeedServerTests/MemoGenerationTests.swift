import BuiltInPlugins
import FeedPlugins
import FeedStore
import HTTPServer
import PostgresCore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// The answer memo's generation protocol (``AnswerMemo``) on real connections: two reads of one server on two
/// connections, a commit by another connection between them, interleaved by hand (a read runs inside another's
/// transaction, which holds the first connection). On SQLite each read finds the change itself; on PostgreSQL
/// the server's ``CommitListener`` hears it (CommitListenerTests).
@Suite("The shared memo's generations: a read never gets an answer made from a snapshot older than its own")
struct MemoGenerationTests {
  static let key = AnswerMemo.Key(path: "/probe", query: [], viewer: "default")

  /// The store of `test`'s database, with room for the nested reads.
  private func source(_ test: TestAPI) throws -> any FeedSource {
    let location = StoreLocation.resolve(option: test.database.argument, environment: [:])
    let registry = try PluginRegistry.builtIn()
    let limits = StoreLimits(memoBytes: 1 << 20, connections: 8)
    return FeedAPI.source(at: location, registry: registry, limits: limits)
  }

  /// Commits a new title for every feed item from a connection of its own, as another process writing through
  /// the store would (the change counter moved on; announced on PostgreSQL).
  private func commit(_ test: TestAPI, title: String) throws {
    let sql = "UPDATE feed_item SET title = '\(title)'"
    switch test.database.backend {
    case .sqlite: try test.database.execute("BEGIN; \(sql); UPDATE store_changes SET n = n + 1; COMMIT")
    case .postgres:
      let writer = try PostgresCore.Connection(test.database.argument)
      try writer.write { try writer.execute(sql) }
    }
  }

  private func title(in snapshot: FeedSnapshot) throws -> String? {
    try snapshot.database.queryOne("SELECT min(title) FROM feed_item", []) { try $0.string(at: 0) }
  }

  private func text(_ response: HTTPResponse?) -> String? {
    response.map { String(decoding: $0.body, as: UTF8.self) }
  }

  @Test(
    "a read whose snapshot predates a commit cannot remember its answer for the reads that see the commit",
    arguments: [Backend.sqlite])
  func commitBetweenTwoConnections(backend: Backend) throws {
    let test = try TestAPI(backend)
    let source = try source(test)
    try commit(test, title: "Old")
    // Both connections opened and read once (a first read bumps), and the key offered once (the doorkeeper
    // admits it at its next offer).
    try source.read { outer in
      try source.read { inner in
        outer.memo?.remember(HTTPResponse(status: 200, body: Array("warm".utf8)), for: Self.key)
        let innerTitle = try title(in: inner)
        #expect(innerTitle == "Old")
      }
    }
    try source.read { first in  // connection A; its snapshot starts before the commit
      let firstTitle = try title(in: first)
      #expect(firstTitle == "Old")
      try commit(test, title: "New")
      try source.read { second in  // connection B sees the commit: it bumps the generation
        let secondTitle = try title(in: second)
        #expect(secondTitle == "New")
      }
      let firstAgain = try title(in: first)
      #expect(firstAgain == "Old", "A's snapshot misses the commit")
      first.memo?.remember(HTTPResponse(status: 200, body: Array("Old".utf8)), for: Self.key)
      try source.read { third in  // connection B again: no change since its last read
        let thirdTitle = try title(in: third)
        #expect(thirdTitle == "New")
        #expect(text(third.memo?[Self.key]) != "Old", "an answer made from before the commit was served after it")
        third.memo?.remember(HTTPResponse(status: 200, body: Array("New".utf8)), for: Self.key)
      }
      try source.read { fourth in
        let fourthTitle = try title(in: fourth)
        #expect(fourthTitle == "New")
        #expect(text(fourth.memo?[Self.key]) == "New", "the memo works on across reads of one generation")
      }
    }
  }

  @Test(
    "one commit makes one generation whatever the number of connections: the first read to see it remembers a page, the other connections' reads find it",
    arguments: [Backend.sqlite], [3, 4])
  func oneCommitOneGeneration(backend: Backend, connections: Int) throws {
    let test = try TestAPI(backend)
    let source = try source(test)
    let answer = HTTPResponse(status: 200, body: Array("page".utf8))
    // Opens `connections` connections (each read runs inside the previous one's) and gives each its snapshot.
    func nested(_ count: Int, _ body: ([FeedSnapshot]) throws -> Void) throws {
      func open(_ reads: [FeedSnapshot]) throws {
        guard reads.count < count else { return try body(reads) }
        try source.read { try open(reads + [$0]) }
      }
      try open([])
    }
    try nested(connections) { reads in reads[0].memo?.remember(answer, for: Self.key) }  // offered once
    try source.write { db in try db.execute("UPDATE feed_item SET title = 'New'", []) }
    var generations: [UInt64?] = []
    var found: [String?] = []
    try nested(connections) { reads in
      for read in reads {
        generations.append(read.memo?.generation)
        found.append(text(read.memo?[Self.key]))
        read.memo?.remember(answer, for: Self.key)
      }
    }
    #expect(Set(generations).count == 1 && generations[0] != nil, "\(generations)")
    #expect(found == [nil] + Array(repeating: "page", count: connections - 1), "composed once, then found")
  }

  @Test("on SQLite the tokens' last uses written (bookkeeping: the change counter stays) keep the remembered answers")
  func bookkeepingKeepsTheMemo() throws {
    let test = try TestAPI(.sqlite)
    try test.addUsers(["ann"])
    let ann = try test.token(for: "ann")
    var api = test.api
    let uses = TokenUseLog(location: StoreLocation.resolve(option: test.database.argument, environment: [:]))
    api.tokenUses = uses
    let page = TestAPI.request("GET", "/v1/feed?limit=5")
    let before = api.respond(to: page)
    #expect(api.respond(to: page).body == before.body)
    // A change the store was not told of (the counter stays): only a composed page would show it.
    try test.database.execute("UPDATE feed_item SET title = 'Untold'")
    #expect(test.get("/v1/me", token: ann, api: api).status == 200)
    uses.flush()
    #expect(try test.tokens().list().first?.lastUsedAt != nil, "the use was written")
    #expect(api.respond(to: page).text == before.text, "still remembered after the flush")
  }

  @Test(
    "each pooled connection's first read bumps the generation (a new connection cannot tell a change)",
    arguments: [Backend.sqlite])
  func firstReadsBump(backend: Backend) throws {
    let test = try TestAPI(backend)
    let source = try source(test)
    var generations: [UInt64?] = []
    try source.read { outer in
      generations.append(outer.memo?.generation)
      try source.read { inner in generations.append(inner.memo?.generation) }
    }
    try source.read { again in generations.append(again.memo?.generation) }
    #expect(generations == [1, 2, 2], "two new connections, then one that saw no change")
  }
}
