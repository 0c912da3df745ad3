import CPostgres
import SQLCore

/// A prepared statement (<https://www.postgresql.org/docs/current/sql-prepare.html>): parsed and planned once
/// per session, run many times with new arguments.
///
/// Get one from `Connection.prepare(_:)`, which caches it by its SQL. The fast path for bulk inserts runs one
/// statement per row:
///
///     let insert = try db.prepare("INSERT INTO item (id, title) VALUES ($1, $2)")
///     try db.write {
///       for (id, title) in items { try insert.execute([.text(id), .text(title)]) }
///     }
///
/// After `Connection.reconnect()` the statement is prepared again on its next use. A statement belongs to its
/// connection, which keeps it in its cache: use it only while you hold the connection.
public final class Statement {
  /// The SQL text the statement was prepared from.
  public let sql: String
  /// The server-side name, unique in the session.
  let name: String
  unowned let connection: Connection
  private var preparedSession: Int

  init(connection: Connection, sql: String) throws {
    self.connection = connection
    self.sql = sql
    self.name = connection.nextStatementName()
    self.preparedSession = connection.session
    try prepareOnServer()
  }

  private func prepareOnServer() throws {
    try connection.refuseWhileStreaming(sql)
    let result = stackfeed_pq_prepare(connection.handle, name, sql, 0, nil)
    try connection.check(result, sql: sql)
    preparedSession = connection.session
  }

  /// Runs the statement with `arguments` (`$1`, `$2`, … in order) and returns the number of rows it inserted,
  /// updated or deleted (0 for other statements). Rows it returns are discarded.
  @discardableResult
  public func execute(_ arguments: [SQLValue] = []) throws -> Int {
    try withWholeResult(arguments) { result in
      stackfeed_pq_cmd_tuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    }
  }

  /// Runs the statement with `arguments` and calls `body` with each row as it arrives (libpq's single-row mode,
  /// <https://www.postgresql.org/docs/current/libpq-single-row-mode.html>): memory stays flat whatever the row
  /// count.
  ///
  /// Until the last row is read no other SQL can run on this connection (a call that tries fails with
  /// `isMisuse`). When `body` throws, the remaining rows are read and dropped, then the error is thrown.
  public func query(_ arguments: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
    try prepareIfNeeded()
    let parameters = try Parameters(arguments, sql: sql)
    let handle = connection.handle
    let sent = parameters.withArrays { count, values, lengths, formats in
      stackfeed_pq_send_query_prepared(handle, name, count, values, lengths, formats, 0)
    }
    guard sent == 1 else { throw connection.failure(nil, sql: sql) }
    stackfeed_pq_set_single_row_mode(handle)
    connection.streamingSQL = sql
    defer { connection.streamingSQL = nil }
    var firstError: Error?
    while let result = stackfeed_pq_get_result(handle) {
      defer { stackfeed_pq_clear(result) }
      switch stackfeed_pq_result_status(result) {
      case PGRES_SINGLE_TUPLE:
        guard firstError == nil else { continue }
        do { try body(Row(result: result, sql: sql)) } catch { firstError = error }
      case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
        continue
      default:
        if firstError == nil { firstError = connection.failure(result, sql: sql) }
      }
    }
    if let firstError { throw firstError }
    // A connection lost between rows ends the results without an error result of its own.
    guard connection.isConnected else { throw connection.failure(nil, sql: sql) }
  }

  /// Runs the statement with `arguments` and calls `body` with each row of the whole result, which libpq
  /// receives at once (`PQexecPrepared`): for results the caller keeps anyway (`queryAll`, `queryOne`), one
  /// result instead of one per row.
  func queryWhole(_ arguments: [SQLValue], _ body: (Row) throws -> Void) throws {
    try withWholeResult(arguments) { result in
      guard let result else { return }
      for tuple in 0..<stackfeed_pq_ntuples(result) {
        try body(Row(result: result, tuple: tuple, sql: sql))
      }
    }
  }

  /// Runs the statement with `arguments` (`PQexecPrepared`) and hands its checked result to `body`; the result
  /// is cleared when `body` returns.
  private func withWholeResult<T>(_ arguments: [SQLValue], _ body: (OpaquePointer?) throws -> T) throws -> T {
    try prepareIfNeeded()
    let parameters = try Parameters(arguments, sql: sql)
    let result = parameters.withArrays { count, values, lengths, formats in
      stackfeed_pq_exec_prepared(connection.handle, name, count, values, lengths, formats, 0)
    }
    defer { stackfeed_pq_clear(result) }
    try connection.check(result, sql: sql, clearing: false)
    return try body(result)
  }

  private func prepareIfNeeded() throws {
    try connection.refuseWhileStreaming(sql)
    if preparedSession != connection.session { try prepareOnServer() }
  }
}
