import Foundation
import SQLCore
import SQLiteCore
import Synchronization
import Testing

@Suite struct TransactionTests {
  struct Boom: Error {}

  private func count(_ db: Database) throws -> Int? {
    try db.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) }
  }

  @Test func aWriteThatThrowsLeavesNothingBehind() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v)")
    #expect(throws: Boom.self) {
      try db.write {
        try db.execute("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    }
    #expect(try count(db) == 0)
    #expect(!db.isInTransaction)
  }

  @Test func aWriteThatFailsOnAConstraintRollsBackItsEarlierStatements() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v UNIQUE)")
    #expect(throws: DatabaseError.self) {
      try db.write {
        try db.execute("INSERT INTO t VALUES (1)")
        try db.execute("INSERT INTO t VALUES (1)")
      }
    }
    #expect(try count(db) == 0)
  }

  @Test func aWriteCommitsAndReturnsItsResult() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let db = try Database(path: path)
    try db.execute("CREATE TABLE t (v)")
    let rowID = try db.write {
      try db.execute("INSERT INTO t VALUES (1)")
      return try db.queryOne("SELECT last_insert_rowid()") { try $0.int64(at: 0) }
    }
    #expect(rowID == 1)
    #expect(try count(Database(path: path)) == 1)
  }

  @Test func aNestedWriteThatThrowsRollsBackOnlyItsOwnWork() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v)")
    try db.write {
      try db.execute("INSERT INTO t VALUES (1)")
      _ = try? db.write {
        try db.execute("INSERT INTO t VALUES (2)")
        throw Boom()
      }
    }
    #expect(try db.queryAll("SELECT v FROM t") { try $0.int(at: 0) } == [1])
  }

  @Test func aReadSeesOneSnapshotWhileAnotherConnectionWrites() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let reader = try Database(path: path)
    let writer = try Database(path: path)
    try writer.executeScript("CREATE TABLE t (v); INSERT INTO t VALUES (1);")
    let counts = try reader.read {
      let before = try count(reader)
      try writer.execute("INSERT INTO t VALUES (2)")
      return [before, try count(reader)]
    }
    #expect(counts == [1, 1])
    #expect(try count(reader) == 2)
  }

  @Test func aSecondWriterWaitsForTheFirstAndSucceeds() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let first = try Database(path: path)
    try first.execute("CREATE TABLE t (v)")
    let outcome = Mutex<(error: String?, waited: Duration)?>(nil)
    let ready = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let clock = ContinuousClock()
    try first.write {
      try first.execute("INSERT INTO t VALUES (1)")
      Thread.detachNewThread {
        do {
          let second = try Database(path: path)
          // Timed from before the first writer is told to go on: the wait measured is at least its hold, however
          // late either thread runs.
          let start = clock.now
          ready.signal()
          try second.write { try second.execute("INSERT INTO t VALUES (2)") }
          outcome.withLock { $0 = (nil, clock.now - start) }
        } catch {
          outcome.withLock { $0 = ("\(error)", .zero) }
        }
        done.signal()
      }
      ready.wait()
      // The lock stays held a while after the second writer is ready: it must wait, then go on.
      Thread.sleep(forTimeInterval: 0.3)
    }
    done.wait()
    let result = outcome.withLock { $0 }
    #expect(result?.error == nil)
    #expect((result?.waited ?? .zero) >= .milliseconds(300))
    #expect(try first.queryAll("SELECT v FROM t ORDER BY v") { try $0.int(at: 0) } == [1, 2])
  }

  @Test func aWriterLockedOutBeyondTheBusyTimeoutFailsAfterOneTimeout() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let holder = try Database(path: path)
    try holder.execute("CREATE TABLE t (v)")
    try holder.execute("BEGIN IMMEDIATE")
    defer { try? holder.execute("ROLLBACK") }
    let blocked = try Database(path: path)
    let clock = ContinuousClock()
    let start = clock.now
    let (_, statements) = blocked.recordingStatements {
      #expect {
        try blocked.write { try blocked.execute("INSERT INTO t VALUES (1)") }
      } throws: { error in
        (error as? DatabaseError)?.isBusy == true
      }
    }
    // It waited the busy timeout (a lower bound, whatever the machine's load) and asked for the lock once: one
    // busy timeout, not one per retry (the retries are for SQLite's immediate SQLITE_BUSY, within the timeout).
    #expect(clock.now - start >= .milliseconds(Int(Database.busyTimeoutMilliseconds)))
    #expect(statements.filter { $0 == "BEGIN IMMEDIATE" }.count == 1, "\(statements)")
  }

  @Test func concurrentWritersOnSeparateConnectionsAllSucceed() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    try Database(path: path).execute("CREATE TABLE t (v)")
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      do {
        let db = try Database(path: path)
        for _ in 0..<25 {
          try db.write {
            let next = try db.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) } ?? 0
            try db.execute("INSERT INTO t VALUES (?)", [.integer(Int64(next))])
          }
        }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    // Each write read the count and inserted it inside one IMMEDIATE transaction: values are 0…99, no repeats.
    let values = try Database(path: path).queryAll("SELECT v FROM t ORDER BY v") { try $0.int(at: 0) }
    #expect(values == Array(0..<100))
  }
}
