import CSQLite

/// Recording which statements run (<https://www.sqlite.org/c3ref/trace_v2.html>): what tests use to prove a
/// load runs a fixed number of queries (no N+1) and which plan each one uses.
extension Database {
  /// Runs `body` and returns, with its result, the SQL of every statement this connection started meanwhile, in
  /// order, as prepared (parameters unexpanded). Statements run by triggers are left out.
  ///
  ///     let (_, statements) = try db.recordingStatements { try plugin.loadModels(from: db, …, context: context) }
  ///     #expect(statements.count == 1)
  public func recordingStatements<T>(_ body: () throws -> T) rethrows -> (result: T, statements: [String]) {
    let recorder = StatementRecorder()
    let context = Unmanaged.passUnretained(recorder).toOpaque()
    sqlite3_trace_v2(connection.handle, UInt32(SQLITE_TRACE_STMT), traceStatement, context)
    defer { sqlite3_trace_v2(connection.handle, 0, nil, nil) }
    let result = try withExtendedLifetime(recorder) { try body() }
    return (result, recorder.statements)
  }

  /// The query plan of `sql` (`EXPLAIN QUERY PLAN`, <https://www.sqlite.org/eqp.html>): one detail line per
  /// step, e.g. `SEARCH feed_item USING INDEX feed_item_position (position>?)` or `SCAN orders`. Parameters
  /// are left unbound; the plan does not depend on their values.
  public func queryPlan(_ sql: String) throws -> [String] {
    let statement = try Statement(connection: connection, sql: "EXPLAIN QUERY PLAN " + sql, persistent: false)
    var details: [String] = []
    while try statement.step() {
      details.append(try statement.row.string(at: 3))
    }
    return details
  }
}

/// Collects the SQL texts `traceStatement` reports.
private final class StatementRecorder {
  var statements: [String] = []
}

/// The `sqlite3_trace_v2` callback: for `SQLITE_TRACE_STMT`, `text` is the statement's SQL, or a comment
/// (`-- TRIGGER name`) for a trigger's statements.
private func traceStatement(
  _ event: UInt32, _ context: UnsafeMutableRawPointer?, _ statement: UnsafeMutableRawPointer?,
  _ text: UnsafeMutableRawPointer?
) -> Int32 {
  guard event == UInt32(SQLITE_TRACE_STMT), let context, let text else { return 0 }
  let sql = String(cString: text.assumingMemoryBound(to: CChar.self))
  if !sql.hasPrefix("--") {
    Unmanaged<StatementRecorder>.fromOpaque(context).takeUnretainedValue().statements.append(sql)
  }
  return 0
}
