import CSQLite
import SQLCore

/// Running SQL: one statement with bound arguments, a script, or a streaming query.
extension Database {
  /// The prepared statement for `sql`, compiled once and cached by its text.
  ///
  /// When the cached statement is in the middle of a query (a nested query with the same SQL), a fresh,
  /// uncached statement is returned instead so the outer query is not disturbed.
  public func prepare(_ sql: String) throws -> Statement {
    if let cached = statementCache[sql] {
      if !cached.isBusy { return cached }
      return try Statement(connection: connection, sql: sql, persistent: false)
    }
    let statement = try Statement(connection: connection, sql: sql, persistent: true)
    statementCache[sql] = statement
    return statement
  }

  /// The number of statements in the cache.
  public var cachedStatementCount: Int { statementCache.count }

  /// Runs one statement with bound arguments (`?` parameters in order, or `$1`, `$2`, … by number). Rows it
  /// returns are skipped.
  ///
  ///     try db.execute("UPDATE item SET title = ? WHERE id = ?", ["Reset", "a1"])
  public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
    try prepare(sql).run(arguments)
  }

  /// Runs several statements separated by `;`, without arguments and without caching
  /// (<https://www.sqlite.org/c3ref/exec.html>): for migrations and pragmas. Stops at the first error.
  public func executeScript(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(connection.handle, sql, nil, nil, &message)
    defer { sqlite3_free(message) }
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? connection.error(code, sql: sql).message
      throw DatabaseError(code: sqlite3_extended_errcode(connection.handle), message: text, sql: sql)
    }
  }

  /// Streams the rows of `sql` to `body`, one at a time: memory stays flat whatever the row count.
  ///
  /// The statement is reset when the query ends, also when `body` throws.
  ///
  ///     try db.query("SELECT id, title FROM item ORDER BY position") { row in
  ///       print(try row.string(at: 0), try row.string(at: 1))
  ///     }
  public func query(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
    let statement = try prepare(sql)
    statement.reset()
    defer { statement.reset() }
    try statement.bind(arguments)
    while try statement.step() {
      try body(statement.row)
    }
  }

  /// Every row of `sql`, each turned into a value by `transform`.
  public func queryAll<T>(_ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
    var results: [T] = []
    try query(sql, arguments) { results.append(try transform($0)) }
    return results
  }

  /// The first row of `sql` turned into a value by `transform`, or nil when there is none.
  public func queryOne<T>(_ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> T? {
    let statement = try prepare(sql)
    statement.reset()
    defer { statement.reset() }
    try statement.bind(arguments)
    return try statement.step() ? transform(statement.row) : nil
  }
}
