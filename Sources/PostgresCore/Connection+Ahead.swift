import CPostgres
import SQLCore

/// Statements sent ahead: a read that knows the statements it will run sends them in one pipeline
/// (<https://www.postgresql.org/docs/current/libpq-pipeline-mode.html>) with its pending `BEGIN`, so that a page
/// of several statements is one round trip and one snapshot; each statement the read then runs with the same SQL
/// and arguments takes its kept result.
extension Connection {
  /// Sends `statements` — those the current `read { }` will run, in any order — in one round trip and keeps their
  /// whole results until the read runs them (or ends, which drops what was not taken). With the read's `BEGIN`
  /// still pending it goes first in the same pipeline, so every statement sees the read's one snapshot. Statements
  /// already kept are not sent again. Outside a `read { }` of its own (no transaction, a write, a
  /// `readOneStatement { }`) it does nothing: the statements run as usual. Throws the first failure among them
  /// (a lost connection, a statement the server refuses); the read's transaction is then unusable, as after any
  /// failed statement.
  ///
  ///     try db.read {
  ///       try db.sendAhead([SQLQuery(userSQL, [.text(id)]), SQLQuery(ordersSQL, [.text(id)])])   // one round trip
  ///       let user = try db.queryOne(userSQL, [.text(id)]) { … }     // kept: no round trip
  ///       let orders = try db.queryAll(ordersSQL, [.text(id)]) { … } // kept
  ///     }
  public func sendAhead(_ statements: [SQLQuery]) throws {
    guard isReading, statementsLeftInRead == nil else { return }
    var queries: [SQLQuery] = []
    for query in statements where !queries.contains(query) && !keptResults.contains(where: { $0.query == query }) {
      queries.append(query)
    }
    guard let first = queries.first else { return }
    // Each statement prepared before the pipeline (a round trip only the first time in a session).
    let prepared = try queries.map { query in
      let statement = try prepare(query.sql)
      try statement.prepareIfNeeded()
      return (name: statement.name, parameters: try Parameters(query.arguments, sql: query.sql))
    }
    try prepareToSend(first.sql)
    let begin = pendingBegin
    pendingBegin = nil
    roundTripCount += 1
    var queued = stackfeed_pq_enter_pipeline_mode(handle) == 1
    if let begin {
      queued = queued && stackfeed_pq_send_query_params(handle, begin, 0, nil, nil, nil, nil, 0) == 1
    }
    for statement in prepared where queued {
      queued = statement.name.withUnsafeBufferPointer { name in
        statement.parameters.withArrays { count, values, lengths, formats in
          stackfeed_pq_send_query_prepared(handle, name.baseAddress, count, values, lengths, formats, 0) == 1
        }
      }
    }
    queued = queued && stackfeed_pq_pipeline_sync(handle) == 1
    guard queued else {
      let error = failure(nil, sql: first.sql)
      if isConnected { _ = stackfeed_pq_pipeline_sync(handle) }  // so that reading stops at a sync point
      leavePipeline()
      throw error
    }
    var firstError: PostgresError?
    if let begin {
      _ = readCommandResult(sql: begin, firstError: &firstError)
    }
    for query in queries {
      if let result = readCommandResult(sql: query.sql, firstError: &firstError) {
        keptResults.append((query, result))
      }
    }
    leavePipeline()
    if let firstError {
      dropKeptResults()
      throw firstError
    }
    guard isConnected else {
      dropKeptResults()
      throw failure(nil, sql: first.sql)
    }
  }

  /// True: each statement sent ahead saves a round trip.
  public var sendsAhead: Bool { true }

  /// Reads one pipelined command's results up to the end of them: its result when it succeeded (the caller clears
  /// it), else nil with its failure in `firstError` unless an earlier one is there.
  private func readCommandResult(sql: String, firstError: inout PostgresError?) -> OpaquePointer? {
    var kept: OpaquePointer?
    while let result = stackfeed_pq_get_result(handle) {
      switch stackfeed_pq_result_status(result) {
      case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
        stackfeed_pq_clear(kept)
        kept = result
      default:
        if firstError == nil { firstError = failure(result, sql: sql) }
        stackfeed_pq_clear(result)
      }
    }
    guard firstError == nil else {
      stackfeed_pq_clear(kept)
      return nil
    }
    return kept
  }

  /// The kept result of `sql` run with `arguments`, taken out of the kept ones (the caller clears it); nil when
  /// none was sent ahead.
  func takeKeptResult(of sql: String, _ arguments: [SQLValue]) -> OpaquePointer? {
    guard !keptResults.isEmpty,
      let index = keptResults.firstIndex(where: { $0.query.sql == sql && $0.query.arguments == arguments })
    else { return nil }
    return keptResults.remove(at: index).result
  }

  /// Clears every kept result (the read ended, or the session did).
  func dropKeptResults() {
    for kept in keptResults { stackfeed_pq_clear(kept.result) }
    keptResults = []
  }
}
