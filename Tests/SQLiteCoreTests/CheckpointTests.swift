import Foundation
import SQLiteCore
import Synchronization
import Testing

/// WAL checkpoints: a connection with a commit handler leaves them to others (`Database.onCommit`), and
/// `Database.checkpoint` runs them.
@Suite struct CheckpointTests {
  /// Commits `count` transactions of about 1 MB each (some 250 pages of the log each) on `db`.
  private func writeMegabytes(_ count: Int, on db: Database) throws {
    for _ in 0..<count {
      try db.write { try db.execute("INSERT INTO blob (b) VALUES (randomblob(1000000))") }
    }
  }

  private func walBytes(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? -1
  }

  @Test func aConnectionWithACommitHandlerHearsEveryCommitAndNeverCheckpoints() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let writer = try Database(path: path)
    try writer.execute("CREATE TABLE blob (b BLOB)")
    let heard = Mutex<[Int]>([])
    writer.onCommit { pages in heard.withLock { $0.append(pages) } }
    try writeMegabytes(8, on: writer)
    let sizes = heard.withLock { $0 }
    #expect(sizes.count == 8)
    // Past SQLite's 1,000 pages and never started again: no commit checkpointed.
    #expect(sizes == sizes.sorted() && Set(sizes).count == 8)
    #expect((sizes.last ?? 0) > 1_900)
    let other = try Database(path: path)
    #expect(try other.checkpoint(.passive).logPages == sizes.last)
  }

  @Test func aConnectionWithoutOneCheckpointsPastAThousandPages() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let writer = try Database(path: path)
    try writer.execute("CREATE TABLE blob (b BLOB)")
    try writeMegabytes(8, on: writer)
    // The commit past 1,000 pages checkpointed, and a later one started the log again.
    #expect(try Database(path: path).checkpoint(.passive).logPages < 1_000)
  }

  @Test func aPassiveCheckpointCopiesTheLogAndTheNextWriteStartsItAgain() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let writer = try Database(path: path)
    try writer.execute("CREATE TABLE blob (b BLOB)")
    let heard = Mutex<[Int]>([])
    writer.onCommit { pages in heard.withLock { $0.append(pages) } }
    try writeMegabytes(5, on: writer)
    let checkpointer = try Database(path: path)
    let checkpoint = try checkpointer.checkpoint(.passive)
    #expect(checkpoint.finished && checkpoint.logPages > 1_000 && checkpoint.copiedPages == checkpoint.logPages)
    try writeMegabytes(1, on: writer)
    let sizes = heard.withLock { $0 }
    #expect(sizes.count == 6 && sizes[5] < sizes[4] / 2, "the sixth commit started the log again: \(sizes)")
    #expect(try writer.queryOne("SELECT count(*) FROM blob") { try $0.int(at: 0) } == 6)
  }

  @Test func aRestartingCheckpointHasTheNextWriteStartTheLogAgain() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let writer = try Database(path: path)
    try writer.execute("CREATE TABLE blob (b BLOB)")
    let heard = Mutex<[Int]>([])
    writer.onCommit { pages in heard.withLock { $0.append(pages) } }
    try writeMegabytes(3, on: writer)
    let size = try walBytes(path)
    #expect(size > 3_000_000)
    let checkpoint = try Database(path: path).checkpoint(.restart)
    #expect(checkpoint.finished && checkpoint.logPages > 700 && checkpoint.copiedPages == checkpoint.logPages)
    try writeMegabytes(1, on: writer)
    let sizes = heard.withLock { $0 }
    #expect(sizes.count == 4 && sizes[3] < sizes[2] / 2, "the fourth commit started the log again: \(sizes)")
    #expect(try walBytes(path) == size, "the file is written over, not grown")
    #expect(try Database(path: path).queryOne("SELECT count(*) FROM blob") { try $0.int(at: 0) } == 4)
  }

  @Test func aRestartingCheckpointThatAReaderHoldsUpSaysSo() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let writer = try Database(path: path)
    try writer.execute("CREATE TABLE blob (b BLOB)")
    writer.onCommit { _ in }
    try writeMegabytes(1, on: writer)
    let reader = try Database(path: path)
    let checkpointer = try Database(path: path)
    let checkpoint = try reader.read {
      _ = try reader.queryOne("SELECT count(*) FROM blob") { try $0.int(at: 0) }
      try writeMegabytes(1, on: writer)
      return try checkpointer.checkpoint(.restart, waitingAtMost: 10)
    }
    #expect(!checkpoint.finished)
    #expect(try checkpointer.checkpoint(.restart).finished)
  }
}
