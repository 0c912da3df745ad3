import BuiltInPlugins
import FeedPlugins
import FeedStore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// The server's store seam (``FeedSource``) on each backend: what a read may do, what a write commits.
@Suite("The store seam: reads on read-only connections, writes on their own")
struct StoreSeamTests {
  /// The store of `test`'s database, as `serve` makes it.
  private func source(_ test: TestAPI) -> any FeedSource {
    test.api.source
  }

  private func title(_ source: any FeedSource) throws -> String? {
    try source.read { snapshot in
      try snapshot.database.queryOne("SELECT min(title) FROM feed_item", []) { try $0.string(at: 0) }
    }
  }

  @Test("a read cannot change the store, whatever SQL it runs", arguments: Backend.available)
  func readsCannotWrite(backend: Backend) throws {
    let test = try TestAPI(backend)
    let source = source(test)
    let before = try title(source)
    #expect(throws: (any Error).self) {
      try source.read { snapshot in
        try snapshot.database.execute("UPDATE feed_item SET title = 'Changed by a read'", [])
      }
    }
    #expect(try title(source) == before)
    // The connection whose read was refused still reads.
    #expect(try title(source) != nil)
  }

  @Test("a write commits what it changed, and the next read sees it", arguments: Backend.available)
  func writesCommit(backend: Backend) throws {
    let test = try TestAPI(backend)
    let source = source(test)
    _ = try title(source)
    try source.write { database in try database.execute("UPDATE feed_item SET title = 'Written'", []) }
    #expect(try title(source) == "Written")
  }
}
