import CPostgres
import SQLCore

/// Running SQL: one statement with arguments, a script, or a streaming query.
extension Connection {
  /// The prepared statement for `sql`, prepared on the server once per session and cached by its text.
  public func prepare(_ sql: String) throws -> Statement {
    if let cached = statementCache[sql] { return cached }
    let statement = try Statement(connection: self, sql: sql)
    statementCache[sql] = statement
    return statement
  }

  /// The number of statements in the cache.
  public var cachedStatementCount: Int { statementCache.count }

  /// Runs one statement with arguments (`$1`, `$2`, … in order). Rows it returns are discarded. Several
  /// statements in `sql` are refused by the server.
  ///
  ///     try db.execute("UPDATE item SET title = $1 WHERE id = $2", ["Reset", "a1"])
  public func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
    try prepare(sql).run(arguments)
  }

  /// Runs several statements separated by `;`, without arguments and without preparing them (the simple query
  /// protocol, <https://www.postgresql.org/docs/current/libpq-exec.html#LIBPQ-PQEXEC>): for migrations. Outside
  /// a transaction the server runs them as one implicit transaction; the first error stops them.
  public func executeScript(_ sql: String) throws {
    try prepareToSend(sql)
    try countStatementOfRead(sql)
    try sendPendingBegin()
    roundTripCount += 1
    try check(stackfeed_pq_exec(handle, sql), sql: sql)
  }

  /// Streams the rows of `sql` to `body`, one at a time: memory stays flat whatever the row count.
  /// No other SQL may run on this connection inside `body` (see `Statement.query`).
  ///
  ///     try db.query("SELECT id, title FROM item ORDER BY position") { row in
  ///       print(try row.string(at: 0), try row.string(at: 1))
  ///     }
  public func query(_ sql: String, _ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
    try prepare(sql).query(arguments, body)
  }

  /// `query` for a query that returns at most `rowsAtMost` rows (its `LIMIT`): up to ``wholeResultRows`` the
  /// result arrives whole, one result instead of one per row (cheaper, see `queryAll`), and `body` gets the rows
  /// once all arrived (it may run SQL); more rows, or no bound, stream.
  public func query(
    _ sql: String, _ arguments: [SQLValue] = [], rowsAtMost: Int?, _ body: (Row) throws -> Void
  ) throws {
    let statement = try prepare(sql)
    if let rowsAtMost, rowsAtMost <= Connection.wholeResultRows {
      try statement.queryWhole(arguments, body)
    } else {
      try statement.query(arguments, body)
    }
  }

  /// The most rows `query(_:_:rowsAtMost:_:)` receives whole (the rest stream, so memory stays bounded).
  public static let wholeResultRows = 1_000

  /// Every row of `sql`, each turned into a value by `transform`. The result arrives whole (the rows are kept
  /// anyway), which for a page of 20 rows costs about half of streaming it (docs/BENCHMARKS.md, "PostgresCore
  /// against raw libpq"); use `query` for results too large to hold.
  public func queryAll<T>(_ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> [T] {
    var results: [T] = []
    try prepare(sql).queryWhole(arguments) { results.append(try transform($0)) }
    return results
  }

  /// The first row of `sql` turned into a value by `transform`, or nil when there is none. The result arrives
  /// whole: give the query a `LIMIT 1` when it may return many.
  public func queryOne<T>(_ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T) throws -> T? {
    var first: T?
    try prepare(sql).queryWhole(arguments) { row in
      if first == nil { first = try transform(row) }
    }
    return first
  }
}
