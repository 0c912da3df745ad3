import PostgresCore
import SQLCore
import StackfeedTestSupport
import Testing

@Suite(needsPostgres) struct ConnectionTests {
  @Test func insertsAndReadsBackRowsWithArguments() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript("CREATE TABLE item (id text PRIMARY KEY, title text NOT NULL, tag text, position bigint)")
    try db.execute(
      "INSERT INTO item (id, title, tag, position) VALUES ($1, $2, $3, $4), ($5, $6, $7, $8)",
      ["a1", "First", nil, 1, "a2", "Second", "new", 2])
    let rows = try db.queryAll("SELECT id, title, tag, position FROM item ORDER BY position") { row in
      "\(try row.string(at: 0)) \(try row.string(at: 1)) \(try row.optionalString(at: 2) ?? "-") \(try row.int64(at: 3))"
    }
    #expect(rows == ["a1 First - 1", "a2 Second new 2"])
    #expect(try db.queryOne("SELECT count(*) FROM item") { try $0.int(at: 0) } == 2)
    #expect(try db.queryOne("SELECT id FROM item WHERE id = $1", ["zz"]) { try $0.string(at: 0) } == nil)
    #expect(db.isConnected && !db.isInTransaction)
  }

  @Test func valuesRoundTripThroughEveryClass() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript("CREATE TABLE v (i bigint, r double precision, t text, b bytea, n text)")
    let values: [SQLValue] = [
      .integer(.min), .real(0.1 + 0.2), .text("héllo, \"wörld\" ✓ 'quoted' \\ back"), .blob([0, 1, 0xFF, 0x7F]), .null,
    ]
    try db.execute("INSERT INTO v VALUES ($1, $2, $3, $4, $5)", values)
    try db.execute(
      "INSERT INTO v VALUES ($1, $2, $3, $4, $5)", [.integer(.max), .real(-.infinity), "", .blob([]), nil])
    let rows = try db.queryAll("SELECT i, r, t, b, n FROM v ORDER BY i") { $0.values }
    #expect(rows[0] == values)
    #expect(rows[1] == [.integer(.max), .real(-.infinity), .text(""), .blob([]), .null])
  }

  @Test(arguments: [
    ("SELECT 1::smallint", SQLValue.integer(1)), ("SELECT 2::integer", .integer(2)), ("SELECT true", .integer(1)),
    ("SELECT false", .integer(0)), ("SELECT 1.5::real", .real(1.5)), ("SELECT 'NaN'::float8 = 'NaN'", .integer(1)),
    ("SELECT 12345678901234::numeric", .integer(12_345_678_901_234)), ("SELECT 2.5::numeric", .real(2.5)),
    ("SELECT sum(x) FROM generate_series(1, 10) x", .integer(55)), ("SELECT 'ab'::varchar", .text("ab")),
    ("SELECT '2021-07-06'::date", .text("2021-07-06")), ("SELECT NULL::bigint", .null),
  ])
  func typesMapOntoStorageClasses(_ sql: String, _ expected: SQLValue) throws {
    let (db, _) = try freshDatabase()
    #expect(try db.queryOne(sql) { $0.value(at: 0) } == expected)
  }

  @Test func aColumnOfAnotherTypeIsAMismatchNamingTheColumn() throws {
    let (db, _) = try freshDatabase()
    let cases: [(String, (Row) throws -> Void, String)] = [
      (
        "SELECT 7::bigint AS quantity", { _ = try $0.string(at: 0) },
        #"column 0 "quantity" holds bigint, expected TEXT"#
      ),
      ("SELECT 'x' AS id", { _ = try $0.int64(at: 0) }, #"column 0 "id" holds text, expected INTEGER"#),
      ("SELECT NULL::text AS tag", { _ = try $0.string(at: 0) }, #"column 0 "tag" holds NULL, expected TEXT"#),
      ("SELECT 'x' AS id", { _ = try $0.double(at: 0) }, #"column 0 "id" holds text, expected REAL"#),
    ]
    for (sql, read, message) in cases {
      #expect {
        try db.query(sql) { try read($0) }
      } throws: { error in
        (error as? PostgresError)?.isMismatch == true && "\(error)".hasPrefix(message)
      }
    }
    #expect(try db.queryOne("SELECT 1") { try $0.double(at: 0) } == 1)
    #expect(throws: PostgresError.self) { try db.query("SELECT 1") { _ = try $0.string(at: 3) } }
  }

  @Test func statementsAreCachedBySQLText() throws {
    let (db, _) = try freshDatabase()
    for value in 0..<5 {
      #expect(try db.queryOne("SELECT $1::bigint + 1", [.integer(Int64(value))]) { try $0.int(at: 0) } == value + 1)
    }
    #expect(db.cachedStatementCount == 1)
    #expect(try db.prepare("SELECT $1::bigint + 1") === db.prepare("SELECT $1::bigint + 1"))
  }

  @Test func aServerErrorCarriesItsSQLStateAndTheSQL() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript("CREATE TABLE item (id text PRIMARY KEY)")
    try db.execute("INSERT INTO item VALUES ($1)", ["a1"])
    #expect {
      try db.execute("INSERT INTO item VALUES ($1)", ["a1"])
    } throws: { error in
      guard let error = error as? PostgresError else { return false }
      return error.isUniqueViolation && error.isConstraint && error.kind == .server
        && error.description.contains("(PostgreSQL SQLSTATE 23505) in: INSERT INTO item VALUES ($1)")
    }
    #expect(throws: PostgresError.self) { try db.execute("SELEC 1") }
    #expect { try db.execute("SELECT 1; SELECT 2") } throws: { ($0 as? PostgresError)?.sqlState == "42601" }
    #expect { try db.execute("SELECT $1::text", [.text("a\u{0}b")]) } throws: {
      ($0 as? PostgresError)?.isMisuse == true
    }
    // The connection is still usable.
    #expect(try db.queryOne("SELECT count(*) FROM item") { try $0.int(at: 0) } == 1)
  }

  @Test func sqlInsideAStreamingQueryIsRefusedClearly() throws {
    let (db, _) = try freshDatabase()
    #expect {
      try db.query("SELECT x FROM generate_series(1, 3) x") { _ in try db.execute("SELECT 1") }
    } throws: { error in
      (error as? PostgresError)?.isMisuse == true
        && "\(error)".contains("while the rows of another query are being read")
    }
    #expect(try db.queryOne("SELECT 42") { try $0.int(at: 0) } == 42)
  }

  @Test func queryAllReadsTheWholeResultSoItsTransformMayRunSQL() throws {
    let (db, _) = try freshDatabase()
    let doubled = try db.queryAll("SELECT x FROM generate_series(1, 3) x") { row in
      try db.queryOne("SELECT $1::bigint * 2", [.integer(try row.int64(at: 0))]) { try $0.int(at: 0) }
    }
    #expect(doubled == [2, 4, 6])
  }

  @Test func aThrowingBodyStopsTheQueryAndLeavesTheConnectionUsable() throws {
    struct Stop: Error {}
    let (db, _) = try freshDatabase()
    var seen = 0
    #expect(throws: Stop.self) {
      try db.query("SELECT x FROM generate_series(1, 1000) x") { _ in
        seen += 1
        if seen == 3 { throw Stop() }
      }
    }
    #expect(seen == 3)
    #expect(try db.queryOne("SELECT 42") { try $0.int(at: 0) } == 42)
  }

  @Test func executeScriptRunsSeveralStatements() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript("CREATE TABLE a (x bigint); INSERT INTO a VALUES (1); INSERT INTO a VALUES (2);")
    #expect(try db.queryOne("SELECT sum(x) FROM a") { try $0.int(at: 0) } == 3)
  }

  @Test func textSortsByBytesAsInSQLite() throws {
    let (db, _) = try freshDatabase()
    let sorted = try db.queryAll("SELECT v FROM (VALUES ('b'), ('B'), ('a'), ('é'), ('Z')) t(v) ORDER BY v") {
      try $0.string(at: 0)
    }
    #expect(sorted == ["B", "Z", "a", "b", "é"])
  }
}
