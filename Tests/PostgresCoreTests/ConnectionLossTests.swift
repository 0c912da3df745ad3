import PostgresCore
import StackfeedTestSupport
import Testing

/// A server that goes away under an open connection: a distinct error, never a wrong answer, and a way back.
@Suite(needsPostgres) struct ConnectionLossTests {
  @Test func aRestartedServerIsALostConnectionThenReconnectRetries() throws {
    // A cluster of its own: restarting the shared one would break the other tests' connections.
    let cluster = try PostgresCluster.start()
    defer { cluster.stop() }
    let db = try Connection(cluster.url())
    try db.executeScript("CREATE TABLE t (v bigint); INSERT INTO t VALUES (1), (2), (3)")
    #expect(try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } == 6)
    try cluster.restart()
    #expect {
      try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) }
    } throws: { error in
      guard let error = error as? PostgresError else { return false }
      return error.isConnectionLost && error.description.contains("lost the connection to PostgreSQL at host 127.0.0.1")
        && !error.description.contains(cluster.password)
    }
    #expect(!db.isConnected)
    try db.reconnect()
    #expect(try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } == 6)

    try cluster.restart()
    let retried = try db.retryingOnceOnConnectionLoss {
      try db.read { try db.queryOne("SELECT sum(v) FROM t") { try $0.int(at: 0) } }
    }
    #expect(retried == 6)
  }

  @Test func aSessionEndedByTheServerIsALostConnection() throws {
    let (db, url) = try freshDatabase()
    let pid = try db.queryOne("SELECT pg_backend_pid()") { try $0.int(at: 0) }
    let admin = try Connection(url)
    #expect(try admin.queryOne("SELECT pg_terminate_backend($1)", [.integer(Int64(pid ?? 0))]) { $0.value(at: 0) } == 1)
    #expect { try db.execute("SELECT 1") } throws: { ($0 as? PostgresError)?.isConnectionLost == true }
    try db.reconnect()
    #expect(try db.queryOne("SELECT 1") { try $0.int(at: 0) } == 1)
  }

  @Test func aStatementPreparedBeforeTheLossIsPreparedAgain() throws {
    let (db, url) = try freshDatabase()
    let statement = try db.prepare("SELECT $1::bigint * 2")
    let pid = try db.queryOne("SELECT pg_backend_pid()") { try $0.int(at: 0) } ?? 0
    try Connection(url).execute("SELECT pg_terminate_backend($1)", [.integer(Int64(pid))])
    #expect(throws: PostgresError.self) { try statement.run([21]) }
    try db.reconnect()
    var doubled: Int64?
    try statement.query([21]) { doubled = try $0.int64(at: 0) }
    #expect(doubled == 42)
  }
}
