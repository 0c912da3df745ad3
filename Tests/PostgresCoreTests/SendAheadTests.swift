import PostgresCore
import SQLCore
import StackfeedTestSupport
import Testing

/// A read's statements sent ahead (`Connection.sendAhead`): one round trip with the read's BEGIN, one snapshot,
/// each kept result taken by the statement equal to it, the others run as usual, and nothing kept past the read.
@Suite(needsPostgres) struct SendAheadTests {
  @Test func statementsSentAheadAreOneRoundTripWithTheReadsBeginAndGiveTheirRows() throws {
    let (db, _) = try threeRows()
    var sum: Int?
    var above: [Int] = []
    let trips = try roundTrips(db) {
      try db.read {
        try db.sendAhead([SQLQuery(ThreeRows.sum), SQLQuery(ThreeRows.above, [.integer(1)])])
        // Taken in another order than sent.
        above = try db.queryAll(ThreeRows.above, [.integer(1)]) { try $0.int(at: 0) }
        sum = try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) }
      }
    }
    #expect(trips == 1 && sum == 6 && above == [2, 3])
    // A statement sent with other arguments than it runs with, and one not sent, are a round trip each.
    var other: [Int] = []
    let more = try roundTrips(db) {
      try db.read {
        try db.sendAhead([SQLQuery(ThreeRows.above, [.integer(1)])])
        other = try db.queryAll(ThreeRows.above, [.integer(2)]) { try $0.int(at: 0) }
        sum = try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) }
      }
    }
    #expect(more == 3 && other == [3] && sum == 6)
  }

  /// Every statement sent ahead sees the read's one snapshot: a commit made while the read runs, between the
  /// statements, is in none of them; the next read sees it, its results not kept from the read before.
  @Test func theStatementsSeeOneSnapshotAndNothingIsKeptPastTheRead() throws {
    let (db, url) = try threeRows()
    let writer = try Connection(url)
    var seen: (before: Int?, after: Int?, rows: [Int]) = (nil, nil, [])
    try db.read {
      try db.sendAhead([SQLQuery(ThreeRows.sum), SQLQuery(ThreeRows.above, [.integer(0)])])
      seen.before = try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) }
      try writer.write { try writer.execute("INSERT INTO t VALUES (10)") }
      seen.rows = try db.queryAll(ThreeRows.above, [.integer(0)]) { try $0.int(at: 0) }
      seen.after = try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) }  // not kept twice: run in the read's snapshot
    }
    #expect(seen.before == 6 && seen.after == 6 && seen.rows == [1, 2, 3])
    try db.read {
      try db.sendAhead([SQLQuery(ThreeRows.sum)])
      #expect(try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) } == 16)
    }
    // A result sent ahead and never taken is not taken by the next read's equal statement.
    try db.read { try db.sendAhead([SQLQuery(ThreeRows.sum)]) }
    try writer.write { try writer.execute("INSERT INTO t VALUES (100)") }
    #expect(try db.read { try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) } } == 116)
  }

  @Test func outsideAReadOfItsOwnNothingIsSent() throws {
    let (db, _) = try threeRows()
    #expect(try roundTrips(db) { try db.sendAhead([SQLQuery(ThreeRows.sum)]) } == 0)
    #expect(try roundTrips(db) { try db.readOneStatement { try db.sendAhead([SQLQuery(ThreeRows.sum)]) } } == 0)
    #expect(try roundTrips(db) { try db.write { try db.sendAhead([SQLQuery(ThreeRows.sum)]) } } == 2)  // BEGIN, COMMIT
  }

  @Test func aStatementThatFailsAheadFailsTheReadAndTheConnectionStaysUsable() throws {
    let (db, _) = try threeRows()
    #expect(throws: PostgresError.self) {
      try db.read { try db.sendAhead([SQLQuery(ThreeRows.sum), SQLQuery("SELECT v / 0 FROM t")]) }
    }
    #expect(!db.isInTransaction)
    #expect(try db.read { try db.queryOne(ThreeRows.sum) { try $0.int(at: 0) } } == 6)
  }
}
