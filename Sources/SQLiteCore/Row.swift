import CSQLite
import SQLCore

/// The current row of a stepping statement (<https://www.sqlite.org/c3ref/column_blob.html>).
///
/// A row is a view, valid only until the statement steps again: read what you need inside the `query` body.
/// Column indices are 0-based. Typed accessors throw a `DatabaseError` (`SQLITE_MISMATCH`) naming the column
/// when the stored value has another storage class; they never convert text to numbers or NULL to "".
///
///     try db.query("SELECT id, tag FROM item") { row in
///       print(try row.string(at: 0), try row.optionalString(at: 1) ?? "-")
///     }
public struct Row {
  let statement: Statement
  /// The number of columns, read once per row: every typed accessor checks its index against it.
  public let count: Int

  init(statement: Statement) {
    self.statement = statement
    self.count = statement.columnCount
  }

  /// The name of column `index`.
  public func columnName(at index: Int) -> String { statement.columnName(at: index) }

  /// Every column's value, in order.
  public var values: [SQLValue] { (0..<count).map { value(at: $0) } }

  /// The value of column `index`, whatever its storage class (NULL for an index out of range).
  public func value(at index: Int) -> SQLValue {
    let column = Int32(index)
    let handle = statement.handle
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT: return .text(text(at: column))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, column))
      guard let base = sqlite3_column_blob(handle, column), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
    default: return .null
    }
  }

  /// The TEXT in column `index`; throws for any other storage class, NULL included.
  public func string(at index: Int) throws -> String {
    try checkType(SQLITE_TEXT, at: index, expected: "TEXT")
    return text(at: Int32(index))
  }

  /// The TEXT in column `index`, or nil for NULL; throws for any other storage class.
  public func optionalString(at index: Int) throws -> String? {
    // One type check: this runs for every optional column of every row of a feed.
    let type = try columnType(at: index)
    if type == SQLITE_NULL { return nil }
    guard type == SQLITE_TEXT else { throw mismatch(at: index, expected: "TEXT") }
    return text(at: Int32(index))
  }

  /// The number of bytes of the TEXT in column `index`, `nil` for NULL; throws for any other storage class.
  public func textCount(at index: Int) throws -> Int? {
    let type = try columnType(at: index)
    if type == SQLITE_NULL { return nil }
    guard type == SQLITE_TEXT else { throw mismatch(at: index, expected: "TEXT") }
    return Int(sqlite3_column_bytes(statement.handle, Int32(index)))
  }

  /// Calls `body` with the TEXT of column `index` as SQLite holds it, when it is valid UTF-8; else with the text
  /// ``string(at:)`` reads (invalid bytes replaced by U+FFFD). Valid until the statement steps again, so only
  /// inside `body`.
  public func withText<R>(at index: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
    let column = Int32(index)
    guard let base = sqlite3_column_text(statement.handle, column) else { return try body(Span()) }
    let bytes = UnsafeBufferPointer(start: base, count: Int(sqlite3_column_bytes(statement.handle, column)))
    if (try? UTF8Span(validating: bytes.span)) != nil { return try body(bytes.span) }
    let repaired = String(decoding: bytes, as: UTF8.self)
    return try body(repaired.utf8.span)
  }

  /// The INTEGER in column `index`; throws for any other storage class.
  public func int64(at index: Int) throws -> Int64 {
    try checkType(SQLITE_INTEGER, at: index, expected: "INTEGER")
    return sqlite3_column_int64(statement.handle, Int32(index))
  }

  /// The INTEGER in column `index`, or nil for NULL.
  public func optionalInt64(at index: Int) throws -> Int64? {
    try isNull(at: index) ? nil : int64(at: index)
  }

  /// The INTEGER in column `index` as an `Int`.
  public func int(at index: Int) throws -> Int {
    Int(try int64(at: index))
  }

  /// The number in column `index`: a REAL, or an INTEGER converted to `Double`; throws for anything else.
  public func double(at index: Int) throws -> Double {
    let type = try columnType(at: index)
    guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else {
      throw mismatch(at: index, expected: "REAL")
    }
    return sqlite3_column_double(statement.handle, Int32(index))
  }

  /// The number in column `index`, or nil for NULL.
  public func optionalDouble(at index: Int) throws -> Double? {
    try isNull(at: index) ? nil : double(at: index)
  }

  /// True when column `index` is NULL; throws for an index out of range.
  public func isNull(at index: Int) throws -> Bool {
    try columnType(at: index) == SQLITE_NULL
  }

  private func text(at column: Int32) -> String {
    // sqlite3_column_text first, then sqlite3_column_bytes: the order sqlite.org recommends.
    guard let base = sqlite3_column_text(statement.handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(statement.handle, column))
    return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
  }

  private func columnType(at index: Int) throws -> Int32 {
    guard index >= 0, index < count else {
      throw DatabaseError(
        code: SQLITE_RANGE, message: "no column \(index): the row has \(count) column(s)", sql: statement.sql)
    }
    return sqlite3_column_type(statement.handle, Int32(index))
  }

  private func checkType(_ type: Int32, at index: Int, expected: String) throws {
    guard try columnType(at: index) == type else { throw mismatch(at: index, expected: expected) }
  }

  private func mismatch(at index: Int, expected: String) -> DatabaseError {
    let found = value(at: index).storageClass
    return DatabaseError(
      code: SQLITE_MISMATCH,
      message: "column \(index) \"\(columnName(at: index))\" holds \(found), expected \(expected)",
      sql: statement.sql)
  }
}
