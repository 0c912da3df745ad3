import CPostgres
import SQLCore

/// The row a query is reading (<https://www.postgresql.org/docs/current/libpq-exec.html#LIBPQ-EXEC-SELECT-INFO>).
///
/// A row is a view, valid only inside the `query` body: read what you need there. Column indices are 0-based.
/// Results arrive in PostgreSQL's text format and are decoded by the column's type (see docs/STORAGE.md,
/// "PostgresCore"). Typed accessors follow `SQLValue`'s classes: `bigint`/`integer`/`smallint` (and `boolean`,
/// as 1 or 0) are INTEGER, `double precision`/`real` are REAL (`numeric` is INTEGER without a fraction, else
/// REAL), `bytea` is BLOB, every other type is TEXT. A column of another class, or NULL where a value is
/// expected, throws a `PostgresError` (`isMismatch`) naming the column, e.g.
/// `column 0 "quantity" holds bigint, expected TEXT`; they never convert text to numbers or NULL to "".
///
///     try db.query("SELECT id, tag FROM item") { row in
///       print(try row.string(at: 0), try row.optionalString(at: 1) ?? "-")
///     }
public struct Row {
  let result: OpaquePointer
  /// The row's index in `result` (0 in single-row mode).
  let tuple: Int32
  let sql: String
  /// Each column's type, read once per result (`Statement.columnTypes(of:)`), not once per value.
  let types: [ColumnType]

  init(result: OpaquePointer, tuple: Int32 = 0, sql: String, types: [ColumnType]) {
    self.result = result
    self.tuple = tuple
    self.sql = sql
    self.types = types
  }

  /// The number of columns.
  public var count: Int { types.count }

  /// The name of column `index`.
  public func columnName(at index: Int) -> String {
    stackfeed_pq_fname(result, Int32(index)).map { String(cString: $0) } ?? "column \(index)"
  }

  /// Every column's value, in order.
  public var values: [SQLValue] { (0..<count).map { value(at: $0) } }

  /// True when column `index` is NULL; throws for an index out of range.
  public func isNull(at index: Int) throws -> Bool {
    try checkIndex(index)
    return stackfeed_pq_getisnull(result, tuple, Int32(index)) != 0
  }

  /// The value of column `index`, whatever its type (NULL for an index out of range).
  public func value(at index: Int) -> SQLValue {
    guard index >= 0, index < count, let bytes = text(at: index) else { return .null }
    switch types[index] {
    case .integer: return TextFormat.integer(bytes).map { .integer($0) } ?? .text(TextFormat.string(bytes))
    case .boolean: return .integer(bytes.first == UInt8(ascii: "t") ? 1 : 0)
    case .real: return TextFormat.double(bytes).map { .real($0) } ?? .text(TextFormat.string(bytes))
    case .numeric:
      if let integer = TextFormat.integer(bytes) { return .integer(integer) }
      return TextFormat.double(bytes).map { .real($0) } ?? .text(TextFormat.string(bytes))
    case .blob: return TextFormat.bytea(bytes).map { .blob($0) } ?? .text(TextFormat.string(bytes))
    case .text: return .text(TextFormat.string(bytes))
    }
  }

  /// The TEXT in column `index`; throws for any other class, NULL included.
  public func string(at index: Int) throws -> String {
    guard let value = try optionalString(at: index) else { throw mismatch(at: index, expected: "TEXT") }
    return value
  }

  /// The TEXT in column `index`, or nil for NULL; throws for any other class.
  public func optionalString(at index: Int) throws -> String? {
    try checkIndex(index)
    guard let bytes = text(at: index) else { return nil }
    guard types[index] == .text else { throw mismatch(at: index, expected: "TEXT") }
    return TextFormat.string(bytes)
  }

  /// The number of bytes of the TEXT in column `index`, `nil` for NULL; throws for any other class.
  public func textCount(at index: Int) throws -> Int? {
    try checkIndex(index)
    guard let bytes = text(at: index) else { return nil }
    guard types[index] == .text else { throw mismatch(at: index, expected: "TEXT") }
    return bytes.count
  }

  /// Calls `body` with column `index` in the text format as libpq holds it, when it is valid UTF-8; else with the
  /// text ``string(at:)`` reads. Valid while the row is, so only inside `body`.
  public func withText<R>(at index: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
    guard let bytes = text(at: index) else { return try body(Span()) }
    if (try? UTF8Span(validating: bytes.span)) != nil { return try body(bytes.span) }
    let repaired = TextFormat.string(bytes)
    return try body(repaired.utf8.span)
  }

  /// The INTEGER in column `index`; throws for any other class, NULL included.
  public func int64(at index: Int) throws -> Int64 {
    guard let value = try optionalInt64(at: index) else { throw mismatch(at: index, expected: "INTEGER") }
    return value
  }

  /// The INTEGER in column `index`, or nil for NULL; parsed straight from the text format (as `value(at:)`).
  public func optionalInt64(at index: Int) throws -> Int64? {
    try checkIndex(index)
    guard let bytes = text(at: index) else { return nil }
    switch types[index] {
    case .integer, .numeric: if let value = TextFormat.integer(bytes) { return value }
    case .boolean: return bytes.first == UInt8(ascii: "t") ? 1 : 0
    case .real, .blob, .text: break
    }
    throw mismatch(at: index, expected: "INTEGER")
  }

  /// The INTEGER in column `index` as an `Int`.
  public func int(at index: Int) throws -> Int {
    Int(try int64(at: index))
  }

  /// The number in column `index`: a REAL, or an INTEGER converted to `Double`; throws for anything else.
  public func double(at index: Int) throws -> Double {
    guard let value = try optionalDouble(at: index) else { throw mismatch(at: index, expected: "REAL") }
    return value
  }

  /// The number in column `index`, or nil for NULL.
  public func optionalDouble(at index: Int) throws -> Double? {
    try checkIndex(index)
    let value = value(at: index)
    if value.isNull { return nil }
    guard let number = value.doubleValue else { throw mismatch(at: index, expected: "REAL") }
    return number
  }

  /// The bytes of column `index` in the text format, valid while the row is; nil for NULL.
  private func text(at index: Int) -> UnsafeBufferPointer<UInt8>? {
    var length: Int32 = 0
    guard let base = stackfeed_pq_value(result, tuple, Int32(index), &length) else { return nil }
    return UnsafeBufferPointer(start: UnsafeRawPointer(base).assumingMemoryBound(to: UInt8.self), count: Int(length))
  }

  @inline(__always)
  private func checkIndex(_ index: Int) throws {
    guard index >= 0, index < count else { throw noColumn(index) }
  }

  private func noColumn(_ index: Int) -> PostgresError {
    PostgresError(kind: .misuse, message: "no column \(index): the row has \(count) column(s)", sql: sql)
  }

  private func mismatch(at index: Int, expected: String) -> PostgresError {
    let found =
      stackfeed_pq_getisnull(result, tuple, Int32(index)) != 0
      ? "NULL" : ColumnType.name(of: stackfeed_pq_ftype(result, Int32(index)))
    return PostgresError(
      kind: .mismatch, message: "column \(index) \"\(columnName(at: index))\" holds \(found), expected \(expected)",
      sql: sql)
  }
}
