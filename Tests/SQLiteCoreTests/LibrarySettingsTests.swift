import CSQLite
import SQLCore
import SQLiteCore
import Testing

@Suite struct LibrarySettingsTests {
  @Test("SQLite counts none of its memory once a connection was opened: its allocations take no shared mutex")
  func sqliteKeepsNoMemoryCount() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (x)")
    try db.write {
      for n in 0..<100 { try db.execute("INSERT INTO t VALUES ($1)", [.text(String(repeating: "x", count: n))]) }
    }
    #expect(try db.queryOne("SELECT count(*) FROM t") { try $0.int(at: 0) } == 100)
    // With SQLITE_CONFIG_MEMSTATUS on (SQLite's default) both are the bytes the open connection holds.
    #expect(sqlite3_memory_used() == 0)
    #expect(sqlite3_memory_highwater(0) == 0)
  }
}
