import SQLCore
import SQLiteCore
import Testing

@Suite struct StatementTracingTests {
  @Test func everyStatementStartedInTheBodyIsRecordedOnceInOrder() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v INTEGER)")
    let (count, statements) = try db.recordingStatements {
      try db.write {
        for value in 1...3 { try db.execute("INSERT INTO t (v) VALUES (?)", [.integer(Int64(value))]) }
      }
      return try db.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) }
    }
    #expect(count == 3)
    #expect(
      statements == [
        "BEGIN IMMEDIATE", "INSERT INTO t (v) VALUES (?)", "INSERT INTO t (v) VALUES (?)",
        "INSERT INTO t (v) VALUES (?)", "COMMIT", "SELECT count(*) FROM t",
      ])
  }

  @Test func statementsAfterTheBodyAreNotRecorded() throws {
    let db = try Database.inMemory()
    let (_, statements) = db.recordingStatements { () }
    try db.execute("SELECT 1")
    #expect(statements.isEmpty)
  }

  @Test func triggerStatementsAreLeftOut() throws {
    let db = try Database.inMemory()
    try db.executeScript(
      """
      CREATE TABLE t (v INTEGER); CREATE TABLE log (v INTEGER);
      CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO log (v) VALUES (new.v); END;
      """)
    let (_, statements) = try db.recordingStatements { try db.execute("INSERT INTO t (v) VALUES (1)") }
    #expect(statements == ["INSERT INTO t (v) VALUES (1)"])
    #expect(try db.queryOne("SELECT count(*) FROM log") { try $0.int(at: 0) } == 1)
  }

  @Test func theQueryPlanShowsAnIndexSearchOrAFullScan() throws {
    let db = try Database.inMemory()
    try db.executeScript(
      """
      CREATE TABLE t (id TEXT PRIMARY KEY, position INTEGER); CREATE INDEX t_position ON t (position);
      CREATE TABLE log (line TEXT)
      """)
    #expect(
      try db.queryPlan("SELECT id FROM t WHERE position > ? ORDER BY position LIMIT ?") == [
        "SEARCH t USING INDEX t_position (position>?)"
      ])
    #expect(
      try db.queryPlan("SELECT id FROM t ORDER BY id DESC") == ["SCAN t USING COVERING INDEX sqlite_autoindex_t_1"])
    #expect(try db.queryPlan("SELECT line FROM log WHERE line = ?") == ["SCAN log"])
  }
}
