import FeedStore
import Foundation
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// The SQLite store's WAL checkpoints, run by ``SQLiteCheckpointer``'s thread instead of the writes' commits.
@Suite("The checkpointer: the WAL is checkpointed off the writer's turn, and its size stays bounded")
struct CheckpointerTests {
  /// The SQLite store of a seeded test database, with a table of blobs to write.
  private func store() throws -> (test: TestAPI, source: SQLiteSource) {
    let test = try TestAPI(.sqlite)
    let source = try #require(test.api.source as? SQLiteSource)
    _ = try source.write { db in try db.execute("CREATE TABLE blob (b BLOB)", []) }
    return (test, source)
  }

  /// Commits `count` writes of about 1 MB each (some 250 pages of the log each) through `source`.
  private func writeMegabytes(_ count: Int, through source: SQLiteSource) throws {
    for _ in 0..<count {
      _ = try source.write { db in try db.execute("INSERT INTO blob (b) VALUES (randomblob(1000000))", []) }
    }
  }

  private func walBytes(_ source: SQLiteSource) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: source.path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
  }

  @Test("past 1,000 pages the checkpointer copies the log, and the next write starts the log again")
  func theLogIsCheckpointedAndStartedAgain() throws {
    let (test, source) = try store()
    try writeMegabytes(3, through: source)
    #expect(source.checkpointer.checkpoints == 0, "no checkpoint under 1,000 pages")
    try writeMegabytes(2, through: source)
    try waitUntil(seconds: 20) { source.checkpointer.checkpoints >= 1 }
    let size = walBytes(source)
    try writeMegabytes(1, through: source)
    // Every page was copied and nobody reads the log: the write began it again instead of growing it.
    #expect(walBytes(source) == size)
    #expect(source.checkpointer.logPages < 300)
    withExtendedLifetime(test) {}
  }

  @Test("a log a reader kept from being started again is started again past the bound by a write, the reader done")
  func theLogStaysBounded() throws {
    let (test, source) = try store()
    let reader = try StoreLocation.resolve(option: source.path, environment: [:]).connect(readOnly: true)
    var written = 0
    try reader.read {
      _ = try reader.queryOne("SELECT count(*) FROM blob", []) { try $0.int(at: 0) }
      // The reader's snapshot keeps the log: no checkpoint copies past it, no write starts the log again, and the
      // write that takes it past the bound gives up after a moment.
      while source.checkpointer.logPages < SQLiteCheckpointer.mostPages, written < 200 {
        try writeMegabytes(1, through: source)
        written += 1
      }
    }
    #expect(source.checkpointer.logPages >= SQLiteCheckpointer.mostPages)
    // A write 1,000 pages after the attempt the reader held up, once the thread's passive checkpoint (copying what
    // the reader held back) is done, has it started again, and the one after it begins the log anew.
    var after = 0
    try waitUntil(seconds: 20) {  // the log started again
      after += 1
      return (try? source.write { db in try db.execute("INSERT INTO blob (b) VALUES (randomblob(50000))", []) })
        != nil && source.checkpointer.logPages < SQLiteCheckpointer.pages
    }
    let size = walBytes(source)
    try writeMegabytes(3, through: source)
    #expect(walBytes(source) == size, "the file is written over, not grown")
    let rows = try source.read(seeing: nil) { snapshot in
      try snapshot.database.queryOne("SELECT count(*) FROM blob", []) { try $0.int(at: 0) }
    }
    #expect(rows == written + after + 3)
    #expect(size < (SQLiteCheckpointer.mostPages + 2 * SQLiteCheckpointer.pages) * 4_200, "\(size) bytes")
    withExtendedLifetime(test) {}
  }
}
