import PostgresCore
import SQLCore
import StackfeedTestSupport
import Testing

/// `Connection`, `Statement`, `Row` and `PostgresError` as SQLCore's `SQLConnection`, `SQLStatement`, `SQLRow` and
/// `SQLError`: what the store, the migrator and the row plugins use, called here only through the protocols.
@Suite(needsPostgres) struct SQLConnectionTests {
  /// Inserts `items` through the protocols alone, binding each parameter by number.
  private func insert(_ items: [(id: String, tag: String?, rank: Int64)], into db: some SQLConnection) throws {
    let insert = try db.prepare("INSERT INTO item (id, tag, rank) VALUES ($1, $2, $3)")
    try db.write {
      for item in items {
        try insert.bind(utf8: Array(item.id.utf8).span, at: 1)
        try insert.bind(item.tag, at: 2)
        try insert.bind(item.rank, at: 3)
        try insert.runBound()
      }
    }
  }

  private func rows(of db: some SQLConnection) throws -> [String] {
    try db.queryAll("SELECT id, tag, rank FROM item ORDER BY rank") { row in
      "\(try row.string(at: 0)) \(try row.optionalString(at: 1) ?? "NULL") \(try row.int64(at: 2))"
    }
  }

  @Test func valuesBoundOneByOneAreSentWithTheRun() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript("CREATE TABLE item (id text PRIMARY KEY, tag text, rank bigint)")
    try insert([("a1", "new", 1), ("a2", nil, 2), ("é🏃‍♀️", "", 3), ("", "x", 4)], into: db)
    #expect(try rows(of: db) == ["a1 new 1", "a2 NULL 2", "é🏃‍♀️  3", " x 4"])
  }

  @Test func theBindingsStayForTheNextRunAndARebindReplacesOne() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript("CREATE TABLE item (id text PRIMARY KEY, tag text, rank bigint)")
    let insert = try db.prepare("INSERT INTO item (id, tag, rank) VALUES ($1, $2, $3)")
    try insert.bind(7, at: 3)
    try insert.bind("first", at: 1)
    try insert.runBound()
    try insert.bind("second", at: 1)
    try insert.runBound()
    #expect(try rows(of: db) == ["first NULL 7", "second NULL 7"])
  }

  @Test func parameterZeroIsMisuseAndANulInTextIsRefusedWhenRun() throws {
    let (db, _) = try freshDatabase()
    let select = try db.prepare("SELECT $1::text")
    let zero = #expect(throws: PostgresError.self) { try select.bind("x", at: 0) }
    #expect(zero?.isMisuse == true)
    try select.bind(utf8: [UInt8(ascii: "a"), 0].span, at: 1)
    let nul = #expect(throws: PostgresError.self) { try select.runBound() }
    #expect(nul?.isMisuse == true)
  }

  @Test func theMigratorMigratesThroughTheProtocolTakingTheAdvisoryLock() throws {
    let (db, url) = try freshDatabase()
    #expect(db.dialect == .postgres)
    #expect(try !db.tableExists(Migrator.tableName))
    let create = Migration(
      name: "0001_item_create", sqlite: "CREATE TABLE item (id TEXT PRIMARY KEY);",
      postgres: "CREATE TABLE item (id text COLLATE \"C\" PRIMARY KEY);")
    #expect(try Migrator(migrations: [create]).migrate(db) { "2024-01-02T03:04:05Z" } == ["0001_item_create"])
    #expect(try db.tableExists(Migrator.tableName) && db.tableExists("item"))
    #expect(try !db.tableExists("no_such_table"))
    // Inside `migrating`, another session cannot take the migration lock.
    let other = try Connection(url)
    let lockedElsewhere = try db.migrating {
      try other.queryOne("SELECT pg_try_advisory_lock($1)", [.integer(Migrator.advisoryLockKey)]) {
        try $0.int(at: 0)
      }
    }
    #expect(lockedElsewhere == 0)
    #expect(
      try other.queryOne("SELECT pg_try_advisory_lock($1)", [.integer(Migrator.advisoryLockKey)]) {
        try $0.int(at: 0)
      } == 1)
  }

  @Test func aRowSaysWhichColumnsAreNullAndRefusesAColumnItDoesNotHave() throws {
    let (db, _) = try freshDatabase()
    let checked = try db.queryOne("SELECT NULL::text, 'x'") { row in
      [try row.isNull(at: 0), try row.isNull(at: 1)]
    }
    #expect(checked == [true, false])
    for index in [-1, 2] {
      let error = #expect(throws: PostgresError.self) {
        try db.queryOne("SELECT NULL::text, 'x'") { try $0.isNull(at: index) }
      }
      #expect(error?.isMisuse == true)
    }
  }
}
