import StackfeedTestSupport

/// Databases for the commands under test, and looking into what the commands wrote, in this process
/// (``TestDatabase``), so the tests need no `sqlite3` or `psql` program.
extension CLIHarness {
  /// A fresh database on `backend`: a file `file` in this harness's folder (created by the first command), or a
  /// new, empty PostgreSQL database of the shared test cluster. It lives as long as the harness.
  func database(_ backend: Backend, file: String = "feed.sqlite") throws -> TestDatabase {
    let database = try backend.makeDatabase(in: folder, file: file)
    databases.append(database)
    return database
  }

  /// The rows of one SQL statement on the SQLite file `database` as the `sqlite3` shell prints them; `.schema`
  /// gives every schema entry's SQL.
  func sqlite(_ database: String, _ sql: String) throws -> String {
    let statement = sql == ".schema" ? "SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid" : sql
    return try TestDatabase(database).query(statement)
  }
}
