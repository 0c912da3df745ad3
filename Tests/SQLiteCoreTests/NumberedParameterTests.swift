import SQLCore
import SQLiteCore
import Testing

/// `$1`, `$2`, … bind by their number wherever they stand (SQLite itself numbers named parameters in order of
/// first appearance), so SQL shared with PostgreSQL means the same on SQLite.
@Suite struct NumberedParameterTests {
  @Test(
    arguments: [
      ("SELECT $1 || '-' || $2", ["a", "b"], "a-b"),
      ("SELECT $2 || '-' || $1", ["a", "b"], "b-a"),
      ("SELECT $2 || $1 || $2", ["a", "b"], "bab"),
      ("SELECT ? || '-' || ?", ["a", "b"], "a-b"),
    ] as [(String, [SQLValue], String)])
  func numberedParametersBindByTheirNumber(sql: String, arguments: [SQLValue], expected: String) throws {
    let db = try Database.inMemory()
    #expect(try db.queryOne(sql, arguments) { try $0.string(at: 0) } == expected)
  }

  @Test func typedBindsUseTheNumberToo() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (a TEXT, b INTEGER)")
    let insert = try db.prepare("INSERT INTO t (b, a) VALUES ($2, $1)")
    try insert.bind("x", at: 1)
    try insert.bind(Int64(7), at: 2)
    try insert.runBound()
    #expect(try db.queryOne("SELECT a, b FROM t") { "\(try $0.string(at: 0))\(try $0.int(at: 1))" } == "x7")
  }

  @Test(arguments: ["SELECT $2", "SELECT $1, $3", "SELECT $1, :name", "SELECT $1, $x"])
  func aGapOrAnotherKindOfParameterIsRefusedAtPrepare(sql: String) throws {
    let db = try Database.inMemory()
    let error = #expect(throws: DatabaseError.self) { try db.prepare(sql) }
    #expect(error?.isMisuse == true)
    #expect(error?.message.contains("numbered parameters") == true)
  }
}
