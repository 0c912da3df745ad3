import Foundation
import PostgresCore
import StackfeedTestSupport
import Synchronization
import Testing

@Suite(needsPostgres) struct TransactionTests {
  struct Boom: Error {}

  private func database() throws -> (Connection, String) {
    let (db, url) = try freshDatabase()
    try db.executeScript("CREATE TABLE t (v bigint UNIQUE)")
    return (db, url)
  }

  private func count(_ db: Connection) throws -> Int? {
    try db.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) }
  }

  @Test func aWriteCommitsAndReturnsItsResult() throws {
    let (db, url) = try database()
    let result = try db.write {
      try db.execute("INSERT INTO t VALUES (1)")
      return "done"
    }
    #expect(result == "done")
    #expect(!db.isInTransaction)
    #expect(try count(Connection(url)) == 1)
  }

  @Test func aWriteThatThrowsLeavesNothingBehind() throws {
    let (db, _) = try database()
    #expect(throws: Boom.self) {
      try db.write {
        try db.execute("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    }
    #expect(try count(db) == 0)
    #expect(!db.isInTransaction)
  }

  @Test func aCaughtFailureInsideAWriteStillRollsItBackAndSaysSo() throws {
    let (db, _) = try database()
    #expect {
      try db.write {
        try db.execute("INSERT INTO t VALUES (1)")
        _ = try? db.execute("INSERT INTO t VALUES (1)")  // fails: the transaction is aborted
      }
    } throws: { error in
      (error as? PostgresError)?.description.contains("rolled back") == true
    }
    #expect(try count(db) == 0)
  }

  @Test func aNestedWriteIsASavepoint() throws {
    let (db, _) = try database()
    // The nested writes run outside `#expect(throws:)`: built with Swift 6.3.1, a `() throws -> ()` write body
    // written after one inside that macro's closure ran the earlier body instead of its own.
    try db.write {
      try db.execute("INSERT INTO t VALUES (1)")
      let rolledBack = Result {
        try db.write {
          try db.execute("INSERT INTO t VALUES (2)")
          try db.write { try db.execute("INSERT INTO t VALUES (3)") }
          throw Boom()
        }
      }
      #expect(throws: Boom.self) { try rolledBack.get() }
      // A failed statement inside a savepoint does not abort the outer transaction.
      let failed = Result { try db.write { try db.execute("INSERT INTO t VALUES (1)") } }
      #expect(throws: PostgresError.self) { try failed.get() }
      try db.write { try db.execute("INSERT INTO t VALUES (4)") }
    }
    #expect(try db.queryAll("SELECT v FROM t ORDER BY v") { try $0.int(at: 0) } == [1, 4])
  }

  @Test func aReadSeesOneSnapshot() throws {
    let (db, url) = try database()
    let other = try Connection(url)
    let counts = try db.read {
      let before = try count(db)
      try other.execute("INSERT INTO t VALUES (1)")
      return (before, try count(db))
    }
    #expect(counts.0 == 0 && counts.1 == 0)
    #expect(try count(db) == 1)
    #expect(throws: PostgresError.self) { _ = try db.read { try db.execute("INSERT INTO t VALUES (2)") } }
  }

  @Test func anAdvisoryLockSerialisesTransactions() throws {
    let (db, url) = try database()
    let events = Mutex<[String]>([])
    let otherDone = DispatchSemaphore(value: 0)
    try db.write {
      try db.lockForTransaction(advisoryKey: 42)
      let thread = Thread {
        let other = try? Connection(url)
        try? other?.write {
          try other?.lockForTransaction(advisoryKey: 42)
          events.withLock { $0.append("other") }
        }
        otherDone.signal()
      }
      thread.start()
      // The other session waits for the lock: wait until the server shows it waiting.
      // Only this test's lock counts: other suites on the cluster take advisory locks too.
      let waiting = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 42 AND NOT granted"
      while try db.queryOne(waiting, [], { try $0.int(at: 0) }) != 1 { usleep(10_000) }
      events.withLock { $0.append("first") }
    }
    otherDone.wait()
    #expect(events.withLock { $0 } == ["first", "other"])
  }

  @Test func aTransactionLockNeedsATransactionAndEndsWithIt() throws {
    let (db, _) = try database()
    #expect { try db.lockForTransaction(advisoryKey: 7) } throws: { ($0 as? PostgresError)?.isMisuse == true }
    try db.write { try db.lockForTransaction(advisoryKey: 7) }
    // This session's locks only: other suites on the cluster hold advisory locks of their own.
    let held = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
    #expect(try db.queryOne(held) { try $0.int(at: 0) } == 0)
  }
}
