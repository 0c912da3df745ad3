import CSQLite
import SQLCore

/// A prepared statement (<https://www.sqlite.org/c3ref/stmt.html>): compiled once, bound and stepped many times.
///
/// Get one from `Database.prepare(_:)`, which caches it by its SQL. The fast path for bulk inserts binds typed
/// values by their 1-based parameter index and steps, without building arrays per row:
///
///     let insert = try db.prepare("INSERT INTO item (id, title) VALUES (?, ?)")
///     try db.write {
///       for (id, title) in items {
///         try insert.reset()
///         try insert.bind(id, at: 1)
///         try insert.bind(title, at: 2)
///         _ = try insert.step()
///       }
///     }
///
/// A cached statement is shared: bind every parameter before each step.
public final class Statement {
  /// The SQL text the statement was prepared from.
  public let sql: String
  let connection: Connection
  let handle: OpaquePointer
  /// The reusable text buffers of the parameters; released after the statement is finalized.
  let buffers: ParameterBuffers
  /// For SQL written with `$1`, `$2`, … (the spelling statements shared with PostgreSQL use): SQLite's index of
  /// `$N` at `[N - 1]`, since SQLite numbers named parameters in order of first appearance. Nil for `?`.
  let numberedParameters: [Int32]?

  init(connection: Connection, sql: String, persistent: Bool) throws {
    var prepared: OpaquePointer?
    var hasMore = false
    let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
    let code = sql.withCString { text -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(connection.handle, text, -1, flags, &prepared, &tail)
      if code == SQLITE_OK, let tail, tail.pointee != 0 {
        hasMore = Statement.containsStatement(tail, connection: connection)
      }
      return code
    }
    guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
    guard let prepared else {
      throw DatabaseError(code: SQLITE_MISUSE, message: "no SQL statement to run", sql: sql)
    }
    guard !hasMore else {
      sqlite3_finalize(prepared)
      throw DatabaseError(
        code: SQLITE_MISUSE, message: "more than one statement; use executeScript for several", sql: sql)
    }
    let numbered: [Int32]?
    do {
      numbered = try Statement.numberedParameters(of: prepared, sql: sql)
    } catch {
      sqlite3_finalize(prepared)
      throw error
    }
    self.connection = connection
    self.sql = sql
    self.handle = prepared
    self.buffers = ParameterBuffers(parameterCount: Int(sqlite3_bind_parameter_count(prepared)))
    self.numberedParameters = numbered
  }

  /// SQLite's index of each `$N` (see ``numberedParameters``), or nil when the parameters are not `$1`…`$n`
  /// named by number. Throws when numbered parameters leave a gap or mix with other kinds.
  private static func numberedParameters(of statement: OpaquePointer, sql: String) throws -> [Int32]? {
    let count = sqlite3_bind_parameter_count(statement)
    guard count > 0, sqlite3_bind_parameter_name(statement, 1).map({ String(cString: $0) })?.hasPrefix("$") == true
    else { return nil }
    var slots = [Int32](repeating: 0, count: Int(count))
    for index in 1...count {
      guard let name = sqlite3_bind_parameter_name(statement, index).map({ String(cString: $0) }),
        name.hasPrefix("$"), let number = Int(name.dropFirst()), (1...Int(count)).contains(number)
      else {
        throw DatabaseError(
          code: SQLITE_MISUSE, message: "numbered parameters must be $1 to $\(count), each used", sql: sql)
      }
      slots[number - 1] = index
    }
    return slots
  }

  /// SQLite's index of parameter number `index` (`$index`, or the `index`th `?`).
  @inline(__always)
  func parameterIndex(_ index: Int32) -> Int32 {
    guard let numberedParameters, index >= 1, Int(index) <= numberedParameters.count else { return index }
    return numberedParameters[Int(index) - 1]
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Whether the SQL left after the first statement holds another statement (not only spaces and comments).
  private static func containsStatement(_ tail: UnsafePointer<CChar>, connection: Connection) -> Bool {
    var next: OpaquePointer?
    let code = sqlite3_prepare_v2(connection.handle, tail, -1, &next, nil)
    sqlite3_finalize(next)
    return code != SQLITE_OK || next != nil
  }

  /// Runs the statement one step (<https://www.sqlite.org/c3ref/step.html>).
  ///
  /// Returns true when a row is ready (read it with `row`), false when the statement is done.
  /// On an error the statement is reset and the error thrown.
  @discardableResult
  public func step() throws -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    let error = connection.error(code, sql: sql)
    sqlite3_reset(handle)
    throw error
  }

  /// The current row; valid until the next `step()` or `reset()`.
  public var row: Row { Row(statement: self) }

  /// Rewinds the statement so it can run again; bindings are kept
  /// (<https://www.sqlite.org/c3ref/reset.html>). The result of the previous step was already reported by
  /// `step()`, so `sqlite3_reset`'s repeat of it is ignored.
  public func reset() {
    sqlite3_reset(handle)
  }

  /// Resets, binds `arguments` and steps until done: runs an INSERT, UPDATE, DELETE or DDL statement.
  public func run(_ arguments: [SQLValue] = []) throws {
    reset()
    defer { reset() }
    try bind(arguments)
    while try step() {}
  }

  /// True between a `step()` that returned a row and the next `reset()`
  /// (<https://www.sqlite.org/c3ref/stmt_busy.html>).
  public var isBusy: Bool { sqlite3_stmt_busy(handle) != 0 }

  /// The number of `?` parameters (<https://www.sqlite.org/c3ref/bind_parameter_count.html>).
  public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

  /// The number of result columns (<https://www.sqlite.org/c3ref/column_count.html>).
  public var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// The name of result column `index` (0-based).
  public func columnName(at index: Int) -> String {
    sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column \(index)"
  }
}
