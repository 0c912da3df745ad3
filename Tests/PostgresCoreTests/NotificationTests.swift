import PostgresCore
import StackfeedTestSupport
import Testing

/// Every write transaction announces its commit on `Connection.commitChannel`; `receivedNotifications()` brings,
/// after one round trip without a statement, every announcement of a commit acknowledged before it began.
@Suite(needsPostgres) struct NotificationTests {
  private func listening() throws -> (listener: Connection, writer: Connection) {
    let (writer, url) = try freshDatabase()
    try writer.executeScript("CREATE TABLE t (v bigint)")
    let listener = try Connection(url)
    try listener.listen(to: Connection.commitChannel)
    return (listener, writer)
  }

  @Test func aCommittedWriteIsCountedOnceRightAfterItsCommitReturned() throws {
    let (listener, writer) = try listening()
    #expect(try listener.receivedNotifications().count == 0)
    let roundTrips = listener.roundTrips
    try writer.write { try writer.execute("INSERT INTO t VALUES (1)") }
    #expect(try listener.receivedNotifications().count == 1)
    #expect(listener.roundTrips == roundTrips + 1, "one round trip")
    #expect(try listener.receivedNotifications().count == 0, "a notification is counted once")
    // Nested writes are one transaction: one announcement; a migration's transaction is a write too.
    try writer.write {
      try writer.execute("INSERT INTO t VALUES (2)")
      try writer.write { try writer.execute("INSERT INTO t VALUES (3)") }
    }
    try writer.migrating { try writer.execute("INSERT INTO t VALUES (4)") }
    #expect(try listener.receivedNotifications().count == 2)
  }

  @Test("a write announces the payload it gives, once its body has run; a plain write and a bare NOTIFY none")
  func payloads() throws {
    let (listener, writer) = try listening()
    var made = 0
    func inner() { made += 1 }
    func outer() throws {
      try writer.execute("INSERT INTO t VALUES (1)")
      made = 41
      try writer.write(announcing: { "never asked" }, inner)
    }
    try writer.write(announcing: { String(made) }, outer)
    try writer.write(announcing: { "it's" }, {})
    try writer.write {}
    try writer.executeScript("NOTIFY \(Connection.commitChannel)")
    #expect(try listener.receivedNotifications() == ["42", "it's", "", ""])
  }

  @Test func aCommitRightAfterTheListenersReadIsCounted() throws {
    let (listener, writer) = try listening()
    // The read's ROLLBACK is sent without waiting; its answer is read first, then what came behind it.
    try listener.read { _ = try listener.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) } }
    try writer.write { try writer.execute("INSERT INTO t VALUES (1)") }
    #expect(try listener.receivedNotifications().count == 1)
  }

  @Test func aRolledBackWriteOrAReadIsNotAnnounced() throws {
    struct Boom: Error {}
    let (listener, writer) = try listening()
    #expect(throws: Boom.self) {
      try writer.write {
        try writer.execute("INSERT INTO t VALUES (1)")
        throw Boom()
      }
    }
    try writer.read { _ = try writer.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) } }
    #expect(try listener.receivedNotifications().count == 0)
    #expect(try writer.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) } == 0)
  }

  @Test func aNewSessionListensToNothing() throws {
    let (listener, writer) = try listening()
    try listener.reconnect()
    try writer.write { try writer.execute("INSERT INTO t VALUES (1)") }
    #expect(try listener.receivedNotifications().count == 0)
  }

  @Test func insideATransactionItIsRefused() throws {
    let (listener, _) = try listening()
    try listener.write {
      #expect { try listener.receivedNotifications() } throws: { ($0 as? PostgresError)?.isMisuse == true }
    }
  }

  @Test func aSessionEndedByTheServerIsALostConnectionWhenCounting() throws {
    let (listener, writer) = try listening()
    let pid = try listener.queryOne("SELECT pg_backend_pid()") { try $0.int64(at: 0) } ?? 0
    // pg_terminate_backend with a timeout waits until the session has ended.
    #expect(try writer.queryOne("SELECT pg_terminate_backend($1, 10000)", [.integer(pid)]) { $0.value(at: 0) } == 1)
    #expect { try listener.receivedNotifications() } throws: { ($0 as? PostgresError)?.isConnectionLost == true }
  }

  @Test("a channel name is an identifier", arguments: ["", "a b", "x;DROP TABLE t", "\"q\""])
  func aChannelNameIsAnIdentifier(name: String) throws {
    let (listener, _) = try listening()
    #expect { try listener.listen(to: name) } throws: { ($0 as? PostgresError)?.isMisuse == true }
  }
}
