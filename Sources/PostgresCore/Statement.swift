import CPostgres
import SQLCore

/// A prepared statement (<https://www.postgresql.org/docs/current/sql-prepare.html>): parsed and planned once
/// per session, run many times with new arguments.
///
/// Get one from `Connection.prepare(_:)`, which caches it by its SQL. The fast path for bulk inserts runs one
/// statement per row, with its arguments given at once or bound one by one (`SQLStatement`):
///
///     let insert = try db.prepare("INSERT INTO item (id, title) VALUES ($1, $2)")
///     try db.write {
///       for (id, title) in items { try insert.run([.text(id), .text(title)]) }
///     }
///
/// After `Connection.reconnect()` the statement is prepared again on its next use. A statement belongs to its
/// connection, which keeps it in its cache: use it only while you hold the connection.
public final class Statement {
  /// The SQL text the statement was prepared from.
  public let sql: String
  /// The server-side name, unique in the session, as the C string libpq is given on every run (made once: a
  /// short Swift string would be copied into a new C string on each call).
  let name: ContiguousArray<CChar>
  unowned let connection: Connection
  private var preparedSession: Int
  /// The column types of the latest result, kept so that a streamed query (one result per row) reads them into
  /// the same array each time instead of allocating one per row.
  private var latestColumnTypes: [ColumnType] = []
  /// The arguments bound by number so far (`bind(_:at:)`), sent with the next `runBound()`.
  var boundArguments: [SQLValue] = []

  init(connection: Connection, sql: String) throws {
    self.connection = connection
    self.sql = sql
    self.name = connection.nextStatementName().utf8CString
    self.preparedSession = connection.session
    try prepareOnServer()
  }

  private func prepareOnServer() throws {
    try connection.prepareToSend(sql)
    connection.roundTripCount += 1
    let result = name.withUnsafeBufferPointer { stackfeed_pq_prepare(connection.handle, $0.baseAddress, sql, 0, nil) }
    try connection.check(result, sql: sql)
    preparedSession = connection.session
  }

  /// Runs the statement once with `arguments` (`$1`, `$2`, … in order); rows it returns are discarded.
  public func run(_ arguments: [SQLValue] = []) throws {
    try send(arguments, singleRow: false) { _ in }
  }

  /// Runs the statement with `arguments` and calls `body` with each row as it arrives (libpq's single-row mode,
  /// <https://www.postgresql.org/docs/current/libpq-single-row-mode.html>): memory stays flat whatever the row
  /// count.
  ///
  /// Until the last row is read no other SQL can run on this connection (a call that tries fails with
  /// `isMisuse`). When `body` throws, the remaining rows are read and dropped, then the error is thrown.
  public func query(_ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
    try send(arguments, singleRow: true) { try eachRow(of: $0, body) }
  }

  /// Runs the statement with `arguments` and calls `body` with each row of the whole result, which libpq
  /// receives at once: for results the caller keeps anyway (`queryAll`, `queryOne`), one result instead of one
  /// per row.
  func queryWhole(_ arguments: [SQLValue], _ body: (Row) throws -> Void) throws {
    try send(arguments, singleRow: false) { try eachRow(of: $0, body) }
  }

  private func eachRow(of result: OpaquePointer, _ body: (Row) throws -> Void) throws {
    let types = columnTypes(of: result)
    for tuple in 0..<stackfeed_pq_ntuples(result) {
      try body(Row(result: result, tuple: tuple, sql: sql, types: types))
    }
  }

  /// The type of each column of `result`, once per result.
  private func columnTypes(of result: OpaquePointer) -> [ColumnType] {
    // Filled outside the stored property: one exclusive access instead of one per column.
    var types: [ColumnType] = []
    swap(&types, &latestColumnTypes)
    let count = Int(stackfeed_pq_nfields(result))
    if types.count != count { types = [ColumnType](repeating: .text, count: count) }
    for column in 0..<count { types[column] = ColumnType(oid: stackfeed_pq_ftype(result, Int32(column))) }
    latestColumnTypes = types
    return types
  }

  /// Runs the statement with `arguments` in one round trip (see `Connection.run(prepared:…)`).
  /// A result sent ahead (`Connection.sendAhead`) is taken instead, with no round trip.
  private func send(_ arguments: [SQLValue], singleRow: Bool, _ body: (OpaquePointer) throws -> Void) throws {
    if let kept = connection.takeKeptResult(of: sql, arguments) {
      defer { stackfeed_pq_clear(kept) }
      try connection.refuseWhileStreaming(sql)
      return try body(kept)
    }
    try prepareIfNeeded()
    let parameters = try Parameters(arguments, sql: sql)
    try connection.run(prepared: name, parameters, sql: sql, singleRow: singleRow, body)
  }

  func prepareIfNeeded() throws {
    try connection.refuseWhileStreaming(sql)
    if preparedSession != connection.session { try prepareOnServer() }
  }
}
