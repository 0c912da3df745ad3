import SQLCore
import SQLiteCore
import Testing

@Suite struct DatabaseErrorTests {
  @Test func badSQLIsAnErrorNamingTheSQLAndTheCode() throws {
    let db = try Database.inMemory()
    #expect {
      try db.execute("SELEC 1")
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      return error.code == 1 && error.sql == "SELEC 1" && error.message.contains("syntax error")
        && error.description.contains("SELEC 1")
    }
  }

  @Test func aUniqueViolationIsAConstraintErrorWithItsExtendedCode() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE item (id TEXT PRIMARY KEY)")
    try db.execute("INSERT INTO item (id) VALUES (?)", ["a1"])
    #expect {
      try db.execute("INSERT INTO item (id) VALUES (?)", ["a1"])
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      // 2067 = SQLITE_CONSTRAINT_UNIQUE = 19 | (8 << 8), 1555 = SQLITE_CONSTRAINT_PRIMARYKEY = 19 | (6 << 8).
      return error.isConstraint && (error.code == 2067 || error.code == 1555) && !error.isBusy
    }
  }

  @Test func aForeignKeyViolationIsRefusedBecauseForeignKeysAreOn() throws {
    let db = try Database.inMemory()
    try db.executeScript("CREATE TABLE p (id TEXT PRIMARY KEY); CREATE TABLE c (p TEXT REFERENCES p(id));")
    #expect {
      try db.execute("INSERT INTO c (p) VALUES (?)", ["missing"])
    } throws: { ($0 as? DatabaseError)?.code == 787 }  // SQLITE_CONSTRAINT_FOREIGNKEY = 19 | (3 << 8)
  }

  @Test func readingAColumnAsTheWrongTypeNamesTheColumn() throws {
    let db = try Database.inMemory()
    #expect {
      _ = try db.queryOne("SELECT 42 AS quantity") { try $0.string(at: 0) }
    } throws: { error in
      guard let error = error as? DatabaseError else { return false }
      return error.isMismatch && error.message == "column 0 \"quantity\" holds INTEGER, expected TEXT"
    }
  }

  @Test func readingNullAsARequiredStringIsAnError() throws {
    let db = try Database.inMemory()
    #expect {
      _ = try db.queryOne("SELECT NULL AS tag") { try $0.string(at: 0) }
    } throws: { ($0 as? DatabaseError)?.message == "column 0 \"tag\" holds NULL, expected TEXT" }
  }

  @Test func readingAColumnOutOfRangeIsAnError() throws {
    let db = try Database.inMemory()
    #expect(throws: DatabaseError.self) { _ = try db.queryOne("SELECT 1") { try $0.int64(at: 1) } }
  }

  @Test func executeRefusesTwoStatements() throws {
    let db = try Database.inMemory()
    #expect {
      try db.execute("CREATE TABLE a (x); CREATE TABLE b (x)")
    } throws: { ($0 as? DatabaseError)?.isMisuse == true }
    #expect(try db.queryOne("SELECT count(*) FROM sqlite_schema") { try $0.int(at: 0) } == 0)
  }

  @Test func executeAcceptsATrailingSemicolonAndComment() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE a (x); -- done")
    #expect(try db.queryOne("SELECT count(*) FROM sqlite_schema") { try $0.int(at: 0) } == 1)
  }

  @Test(arguments: [0, 1, 3])
  func aWrongNumberOfArgumentsIsRefused(count: Int) throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE a (x, y)")
    let arguments = [SQLValue](repeating: 1, count: count)
    #expect {
      try db.execute("INSERT INTO a VALUES (?, ?)", arguments)
    } throws: { ($0 as? DatabaseError)?.message == "the statement takes 2 argument(s), \(count) given" }
  }

  @Test func aScriptErrorCarriesSQLitesMessage() throws {
    let db = try Database.inMemory()
    #expect {
      try db.executeScript("CREATE TABLE a (x); INSERT INTO nowhere VALUES (1);")
    } throws: { ($0 as? DatabaseError)?.message == "no such table: nowhere" }
  }
}
