import CPostgres

/// Sending statements and reading their answers in as few round trips as a read's transaction allows: its
/// `BEGIN` goes out with its first statement in one pipeline (libpq's pipeline mode,
/// <https://www.postgresql.org/docs/current/libpq-pipeline-mode.html>), and its `ROLLBACK` is sent without
/// waiting: the server ends the transaction when it receives it, and its answer is read before the connection's
/// next use, where a failure (a lost connection) is thrown.
extension Connection {
  /// Makes the connection ready to send `sql`: refuses while another query's rows are being read, and reads the
  /// answer of a read's `ROLLBACK` sent earlier, throwing its failure.
  func prepareToSend(_ sql: String) throws(PostgresError) {
    try refuseWhileStreaming(sql)
    guard isEndPending else { return }
    isEndPending = false
    var firstFailure: PostgresError?
    while let result = stackfeed_pq_get_result(handle) {
      defer { stackfeed_pq_clear(result) }
      if stackfeed_pq_result_status(result) != PGRES_COMMAND_OK, firstFailure == nil {
        firstFailure = failure(result, sql: Connection.endOfRead)
      }
    }
    if let firstFailure { throw firstFailure }
    guard isConnected else { throw failure(nil, sql: Connection.endOfRead) }
  }

  /// Counts `sql` against a `readOneStatement { }`: throws `.misuse` for a second statement there, which would see
  /// another snapshot than the first.
  func countStatementOfRead(_ sql: String) throws(PostgresError) {
    guard let left = statementsLeftInRead else { return }
    guard left > 0 else {
      throw PostgresError(
        kind: .misuse, message: "a second statement in a one-statement read would see another snapshot", sql: sql)
    }
    statementsLeftInRead = left - 1
  }

  /// Sends a read's pending `BEGIN` on its own and waits for it: before a statement that cannot be pipelined
  /// with it (a script).
  func sendPendingBegin() throws(PostgresError) {
    guard let begin = pendingBegin else { return }
    pendingBegin = nil
    roundTripCount += 1
    try check(stackfeed_pq_exec(handle, begin), sql: begin)
  }

  /// Sends a read's `ROLLBACK` without waiting for its answer (see `prepareToSend`); when it cannot be sent
  /// although the session is up, rolls back and waits, so a snapshot is never left open.
  func sendEndOfRead() {
    guard isConnected, isInTransaction else { return }
    let sent = stackfeed_pq_send_query_params(handle, Connection.endOfRead, 0, nil, nil, nil, nil, 0)
    isEndPending = sent == 1
    if !isEndPending && isConnected { try? executeScript(Connection.endOfRead) }
  }

  /// Runs the prepared statement `name` with `parameters` in one round trip (a read's pending `BEGIN` goes in
  /// the same pipeline) and calls `body` with its result: the whole result once every result is read, or with
  /// `singleRow` (libpq's single-row mode) each row's result as it arrives, then an empty one. Every result is
  /// read before it returns or throws; when `body` throws on a row, the rest are read and dropped, then its error
  /// is thrown.
  func run(
    prepared name: ContiguousArray<CChar>, _ parameters: Parameters, sql: String, singleRow: Bool,
    _ body: (OpaquePointer) throws -> Void
  ) throws {
    try prepareToSend(sql)
    try countStatementOfRead(sql)
    let begin = pendingBegin
    pendingBegin = nil
    func sendStatement() -> Bool {
      name.withUnsafeBufferPointer { name in
        parameters.withArrays { count, values, lengths, formats in
          stackfeed_pq_send_query_prepared(handle, name.baseAddress, count, values, lengths, formats, 0) == 1
        }
      }
    }
    roundTripCount += 1
    var firstError: Error?
    if let begin {
      let queued =
        stackfeed_pq_enter_pipeline_mode(handle) == 1
        && stackfeed_pq_send_query_params(handle, begin, 0, nil, nil, nil, nil, 0) == 1 && sendStatement()
        && stackfeed_pq_pipeline_sync(handle) == 1
      guard queued else {
        let error = failure(nil, sql: sql)
        if isConnected { _ = stackfeed_pq_pipeline_sync(handle) }  // so that reading stops at a sync point
        leavePipeline()
        throw error
      }
      // BEGIN's answer and the end of its results.
      while let result = stackfeed_pq_get_result(handle) {
        defer { stackfeed_pq_clear(result) }
        if stackfeed_pq_result_status(result) != PGRES_COMMAND_OK, firstError == nil {
          firstError = failure(result, sql: begin)
        }
      }
    } else if !sendStatement() {
      throw failure(nil, sql: sql)
    }
    if singleRow { stackfeed_pq_set_single_row_mode(handle) }
    // A whole result is handed to `body` once every result is read, so `body` may run SQL.
    var whole: OpaquePointer?
    defer { stackfeed_pq_clear(whole) }
    streamingSQL = sql
    while let result = stackfeed_pq_get_result(handle) {
      switch stackfeed_pq_result_status(result) {
      case PGRES_SINGLE_TUPLE, PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
        if singleRow {
          if firstError == nil {
            do { try body(result) } catch { firstError = error }
          }
          stackfeed_pq_clear(result)
        } else {
          stackfeed_pq_clear(whole)
          whole = result
        }
      default:
        if firstError == nil { firstError = failure(result, sql: sql) }
        stackfeed_pq_clear(result)
      }
    }
    streamingSQL = nil
    if begin != nil { leavePipeline() }
    if let firstError { throw firstError }
    // A connection lost between rows ends the results without an error result of its own.
    guard isConnected else { throw failure(nil, sql: sql) }
    if let whole { try body(whole) }
  }

  /// Reads up to the pipeline's sync point and leaves pipeline mode (on a lost connection libpq has nothing left
  /// to read, and `reconnect()` starts the new session outside pipeline mode).
  func leavePipeline() {
    while let result = stackfeed_pq_get_result(handle) {
      let status = stackfeed_pq_result_status(result)
      stackfeed_pq_clear(result)
      if status == PGRES_PIPELINE_SYNC { break }
    }
    _ = stackfeed_pq_exit_pipeline_mode(handle)
  }

  /// What ends a read-only transaction.
  static let endOfRead = "ROLLBACK"
}
