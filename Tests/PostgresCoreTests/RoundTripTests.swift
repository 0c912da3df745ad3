import Foundation
import PostgresCore
import StackfeedTestSupport
import Testing

/// A read costs no round trip of its own: its BEGIN goes with its first statement, its ROLLBACK is not waited
/// for, yet the server ends the transaction at once and a failure of it still reaches the caller.
@Suite(needsPostgres) struct RoundTripTests {
  @Test func aReadOfOneQueryIsOneRoundTripAndOfTwoIsTwo() throws {
    let (db, _) = try threeRows()
    var rows: [Int] = []
    #expect(
      try roundTrips(db) {
        try db.read { try db.query("SELECT v FROM t WHERE v > $1 ORDER BY v", [1]) { rows.append(try $0.int(at: 0)) } }
      } == 1)
    #expect(rows == [2, 3])
    var sum: Int?
    var later: [Int] = []
    let two = try roundTrips(db) {
      try db.read {
        sum = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) }
        later = try db.queryAll("SELECT v FROM t WHERE v > $1 ORDER BY v", [2]) { try $0.int(at: 0) }
      }
    }
    #expect(two == 2 && sum == 6 && later == [3])
    #expect(try roundTrips(db) { try db.read {} } == 0)
    // Outside a read a statement is one round trip too.
    #expect(try roundTrips(db) { _ = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } } == 1)
  }

  /// A one-statement read sends no BEGIN (the statement runs in the server's default READ COMMITTED, where a
  /// `read` runs in REPEATABLE READ), and refuses a second statement, which would see another snapshot.
  @Test func aOneStatementReadOpensNoTransactionAndRefusesASecondStatement() throws {
    let (db, _) = try threeRows()
    let isolation = "SELECT current_setting('transaction_isolation')"
    _ = try db.prepare(isolation)
    var seen: [String?] = []
    #expect(
      try roundTrips(db) {
        try db.readOneStatement { seen.append(try db.queryOne(isolation) { try $0.string(at: 0) }) }
      } == 1)
    try db.read { seen.append(try db.queryOne(isolation) { try $0.string(at: 0) }) }
    #expect(seen == ["read committed", "repeatable read"])
    #expect {
      try db.readOneStatement {
        _ = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) }
        _ = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) }
      }
    } throws: { ($0 as? PostgresError)?.isMisuse == true }
    // Inside a read it runs in the read's transaction, and the connection is usable after the refusal.
    try db.read { try db.readOneStatement { seen.append(try db.queryOne(isolation) { try $0.string(at: 0) }) } }
    #expect(seen.last == "repeatable read")
    #expect(try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } == 6)
  }

  @Test func aQueryOfAFewRowsArrivesWholeSoItsBodyMayRunSQLAndALongerOneStreams() throws {
    let (db, _) = try threeRows()
    let sql = "SELECT v FROM t WHERE v > $1 ORDER BY v"
    var sums: [Int?] = []
    try db.query(sql, [0], rowsAtMost: 3) { _ in
      sums.append(try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) })
    }
    #expect(sums == [6, 6, 6])
    #expect {
      try db.query(sql, [0], rowsAtMost: Connection.wholeResultRows + 1) { _ in try db.execute("SELECT 1") }
    } throws: { ($0 as? PostgresError)?.isMisuse == true }
  }

  @Test func theSnapshotEndsWhenTheReadReturnsNotAtTheNextCall() throws {
    let (db, url) = try threeRows()
    let pid = try db.queryOne("SELECT pg_backend_pid()") { try $0.int(at: 0) } ?? 0
    try db.read { _ = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } }
    #expect(!db.isInTransaction)
    // The ROLLBACK's answer is not read yet; the server must have ended the transaction all the same.
    let observer = try Connection(url)
    // Waits for the server to show the session idle (the transaction over), checking every 10 ms.
    let state = "SELECT state FROM pg_stat_activity WHERE pid = $1"
    while try observer.queryOne(state, [.integer(Int64(pid))], { try $0.optionalString(at: 0) }) != "idle" {
      usleep(10_000)
    }
    // The next call reads that answer first and works as usual, in a new snapshot.
    try observer.execute("INSERT INTO t VALUES (4)")
    #expect(try db.read { try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } } == 10)
  }

  @Test func aReadThatFailsStillEndsAndTheConnectionStaysUsable() throws {
    let (db, _) = try threeRows()
    // Refused when prepared (before the read's BEGIN went out), then failing when run (in BEGIN's pipeline).
    for sql in ["SELECT * FROM no_such_table", "SELECT v / 0 FROM t"] {
      #expect(throws: PostgresError.self) { try db.read { try db.execute(sql) } }
      #expect(!db.isInTransaction)
      #expect(try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } == 6)
    }
    // A failure caught inside the read still fails the read, saying so.
    #expect {
      try db.read { _ = try? db.execute("SELECT v / 0 FROM t") }
    } throws: { ($0 as? PostgresError)?.description.contains("rolled back") == true }
    try db.write { try db.execute("INSERT INTO t VALUES (5)") }
    #expect(try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } == 11)
  }

  @Test func aConnectionLostAfterAReadIsReportedByTheNextCallAndARetryReadsAgain() throws {
    let (db, url) = try threeRows()
    let pid = try db.queryOne("SELECT pg_backend_pid()") { try $0.int(at: 0) } ?? 0
    try db.read { _ = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } }
    try Connection(url).execute("SELECT pg_terminate_backend($1)", [.integer(Int64(pid))])
    #expect { try db.read { try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } } } throws: {
      ($0 as? PostgresError)?.isConnectionLost == true
    }
    try db.reconnect()
    try db.read { _ = try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } }
    let newPid = try db.queryOne("SELECT pg_backend_pid()") { try $0.int(at: 0) } ?? 0
    try Connection(url).execute("SELECT pg_terminate_backend($1)", [.integer(Int64(newPid))])
    let retried = try db.retryingOnceOnConnectionLoss {
      try db.read { try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } }
    }
    #expect(retried == 6)
  }
}
