import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import HTTPServer
import PostgresCore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// PostgreSQL's ``CommitListener`` under the memo's generation protocol, on real connections: a read's snapshot
/// older than a commit cannot leave its answer to the reads after the commit was heard; one commit is one
/// generation, whether this server wrote it (moved on at once) or another did (heard); a version not heard yet
/// gets no memo. Each waits for the listener to hear, never for a fixed time.
@Suite(
  "PostgreSQL's commit listener: the memo's generations without a round trip per read",
  .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct CommitListenerTests {
  static let key = AnswerMemo.Key(path: "/probe", query: [], viewer: "default")

  /// A server's store over `test`'s database, with room for the nested reads.
  private func source(_ test: TestAPI) throws -> any FeedSource {
    let location = StoreLocation.resolve(option: test.database.argument, environment: [:])
    let limits = StoreLimits(memoBytes: 1 << 20, connections: 8)
    return FeedAPI.source(at: location, registry: try PluginRegistry.builtIn(), limits: limits)
  }

  private func title(in snapshot: FeedSnapshot) throws -> String? {
    try snapshot.database.queryOne("SELECT min(title) FROM feed_item", []) { try $0.string(at: 0) }
  }

  private func text(_ response: HTTPResponse?) -> String? {
    response.map { String(decoding: $0.body, as: UTF8.self) }
  }

  /// The generation `source` would serve a request from now, without a read.
  private func generation(_ source: any FeedSource) -> UInt64? {
    source.answersWithoutReading(seeing: nil)?.generation
  }

  @Test("a read whose snapshot predates a commit cannot remember its answer for the reads after the commit was heard")
  func snapshotBeforeACommit() throws {
    let test = try TestAPI(.postgres)
    let source = try source(test)
    try test.database.execute("UPDATE feed_item SET title = 'Old'")
    try source.read { $0.memo?.remember(HTTPResponse(status: 200, body: Array("warm".utf8)), for: Self.key) }
    try source.read { first in
      let before = try #require(first.memo?.generation)
      let firstTitle = try title(in: first)
      #expect(firstTitle == "Old")
      let writer = try PostgresCore.Connection(test.database.argument)
      try writer.write { try writer.execute("UPDATE feed_item SET title = 'New'") }  // announced, no number
      try waitUntil(seconds: 30) { (generation(source) ?? 0) > before }
      let firstAgain = try title(in: first)
      #expect(firstAgain == "Old", "the first read's snapshot misses the commit")
      first.memo?.remember(HTTPResponse(status: 200, body: Array("Old".utf8)), for: Self.key)
      try source.read { later in
        let laterTitle = try title(in: later)
        #expect(laterTitle == "New")
        #expect(text(later.memo?[Self.key]) != "Old", "an answer made from before the commit was served after it")
        later.memo?.remember(HTTPResponse(status: 200, body: Array("New".utf8)), for: Self.key)
      }
      try source.read { again in
        #expect(text(again.memo?[Self.key]) == "New", "the memo works on across reads of one generation")
      }
    }
  }

  @Test("one commit is one generation: this server's write moves it on at once, its notification no further")
  func ownWriteOneGeneration() throws {
    let test = try TestAPI(.postgres)
    let source = try source(test)
    let other = try self.source(test)
    let start = try #require(generation(source))
    let written = try source.write { db in try db.execute("UPDATE feed_item SET title = 'Mine'", []) }
    #expect(generation(source) == start + 1, "moved on before the write returned")
    #expect(source.answersWithoutReading(seeing: written.version) != nil, "its own version is heard")
    // Another server's commit comes after this one's notification (one queue, in commit order).
    let theirs = try other.write { db in try db.execute("UPDATE feed_item SET title = 'Theirs'", []) }
    #expect(theirs.version == written.version + 1)
    #expect(source.answersWithoutReading(seeing: theirs.version) == nil || generation(source) == start + 2)
    try waitUntil(seconds: 30) { source.answersWithoutReading(seeing: theirs.version) != nil }
    #expect(generation(source) == start + 2, "one generation per commit")
  }

  @Test("a version not heard yet gets no memo; once heard, the memo again")
  func unheardVersion() throws {
    let test = try TestAPI(.postgres)
    let source = try source(test)
    let other = try self.source(test)
    #expect(source.answersWithoutReading(seeing: 0) != nil)
    #expect(source.answersWithoutReading(seeing: UInt64.max) == nil)
    let theirs = try other.write { db in try db.execute("UPDATE feed_item SET title = 'Theirs'", []) }
    try waitUntil(seconds: 30) { source.answersWithoutReading(seeing: theirs.version) != nil }
    #expect(source.answersWithoutReading(seeing: theirs.version + 1) == nil)
  }
}
