import SQLCore
import SQLiteCore
import Testing

@Suite struct StatementTests {
  @Test(arguments: [
    SQLValue.null, .integer(-9_223_372_036_854_775_808), .real(2.5), .text(""), .text("Straße 🏃‍♀️ café"),
    .blob([]), .blob([0, 1, 255]),
  ])
  func aBoundValueReadsBackUnchanged(value: SQLValue) throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v)")
    try db.execute("INSERT INTO t (v) VALUES (?)", [value])
    #expect(try db.queryOne("SELECT v FROM t") { $0.value(at: 0) } == value)
  }

  @Test func anEmptyStringStaysTextNotNull() throws {
    let db = try Database.inMemory()
    #expect(try db.queryOne("SELECT typeof(?)", [""]) { try $0.string(at: 0) } == "text")
  }

  @Test func preparingTheSameSQLReusesTheCachedStatement() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v)")
    let first = try db.prepare("INSERT INTO t (v) VALUES (?)")
    for number in 0..<100 { try db.execute("INSERT INTO t (v) VALUES (?)", [.integer(Int64(number))]) }
    #expect(try db.prepare("INSERT INTO t (v) VALUES (?)") === first)
    #expect(db.cachedStatementCount == 2)  // the CREATE and the INSERT
    #expect(
      try db.queryOne("SELECT count(*), sum(v) FROM t") { [try $0.int(at: 0), try $0.int(at: 1)] } == [100, 4950])
  }

  @Test func aNestedQueryWithTheSameSQLDoesNotDisturbTheOuterOne() throws {
    let db = try Database.inMemory()
    try db.executeScript("CREATE TABLE t (v); INSERT INTO t VALUES (1), (2), (3);")
    var pairs: [[Int]] = []
    try db.query("SELECT v FROM t ORDER BY v") { outer in
      let value = try outer.int(at: 0)
      try db.query("SELECT v FROM t ORDER BY v") { inner in pairs.append([value, try inner.int(at: 0)]) }
    }
    #expect(pairs.count == 9)
    #expect(pairs.first == [1, 1] && pairs.last == [3, 3])
  }

  @Test func typedBindingsInsertRowsThroughOnePreparedStatement() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE item (id TEXT, position INTEGER, score REAL, tag TEXT)")
    let insert = try db.prepare("INSERT INTO item VALUES (?, ?, ?, ?)")
    try db.write {
      for number in 1...3 {
        insert.reset()
        try insert.bind("id-\(number)", at: 1)
        try insert.bind(number, at: 2)
        try insert.bind(Double(number) / 2, at: 3)
        try insert.bind(number == 2 ? nil : "tag", at: 4)
        #expect(try insert.step() == false)
      }
    }
    let rows = try db.queryAll("SELECT id, position, score, tag FROM item ORDER BY position") { row in
      "\(try row.string(at: 0)) \(try row.int(at: 1)) \(try row.double(at: 2)) \(try row.optionalString(at: 3) ?? "-")"
    }
    #expect(rows == ["id-1 1 0.5 tag", "id-2 2 1.0 -", "id-3 3 1.5 tag"])
  }

  @Test func bindingAnIndexOutOfRangeIsAnError() throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT ?")
    #expect(throws: DatabaseError.self) { try statement.bind(1, at: 2) }
  }

  @Test func aQueryStreamsEveryRowInOrder() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (v INTEGER)")
    try db.execute(
      "WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 100000) INSERT INTO t SELECT v FROM n")
    var count = 0
    var inOrder = true
    try db.query("SELECT v FROM t ORDER BY v") { row in
      count += 1
      if try row.int(at: 0) != count { inOrder = false }
    }
    #expect(count == 100_000)
    #expect(inOrder)
  }

  @Test func aQueryStoppedByAThrowResetsItsStatement() throws {
    struct Stop: Error {}
    let db = try Database.inMemory()
    try db.executeScript("CREATE TABLE t (v); INSERT INTO t VALUES (1), (2);")
    #expect(throws: Stop.self) { try db.query("SELECT v FROM t") { _ in throw Stop() } }
    #expect(try db.prepare("SELECT v FROM t").isBusy == false)
    #expect(try db.queryAll("SELECT v FROM t") { try $0.int(at: 0) } == [1, 2])
  }

  @Test func changesReportTheLatestStatement() throws {
    let db = try Database.inMemory()
    try db.executeScript("CREATE TABLE t (v); INSERT INTO t VALUES (1), (2), (3);")
    try db.execute("UPDATE t SET v = v + 1 WHERE v >= ?", [2])
    #expect(db.changes == 2)
  }

  @Test func rowValuesAndNamesDescribeEveryColumn() throws {
    let db = try Database.inMemory()
    let row = try db.queryOne("SELECT 1 AS a, 'x' AS b, NULL AS c, 1.5 AS d") { row in
      (row.values, (0..<row.count).map { row.columnName(at: $0) })
    }
    #expect(row?.0 == [1, "x", nil, 1.5])
    #expect(row?.1 == ["a", "b", "c", "d"])
  }
}
