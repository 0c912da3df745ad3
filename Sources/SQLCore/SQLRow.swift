/// The current row of a running query, whatever the engine. Column indices are 0-based.
///
/// Typed accessors throw an ``SQLError`` naming the column when the value has another type; they never convert
/// text to numbers or NULL to "". PostgreSQL's `bigint`, `integer` and `smallint` read as integers, `text` and
/// `varchar` as text, `double precision` as a double.
public protocol SQLRow {
  /// The number of columns.
  var count: Int { get }
  /// The name of column `index`.
  func columnName(at index: Int) -> String
  /// The value of column `index`, whatever its type (NULL for an index out of range).
  func value(at index: Int) -> SQLValue
  /// The text in column `index`; throws for any other type, NULL included.
  func string(at index: Int) throws -> String
  /// The text in column `index`, or nil for NULL.
  func optionalString(at index: Int) throws -> String?
  /// The number of bytes of the text in column `index`, `nil` for NULL; throws for any other type (the check of
  /// ``optionalString(at:)``, before ``withText(at:_:)`` reads the text in place).
  func textCount(at index: Int) throws -> Int?
  /// Calls `body` with the text of column `index` (a column ``textCount(at:)`` found text in) as UTF-8 borrowed from
  /// the row, the text ``string(at:)`` reads (invalid UTF-8 replaced as it replaces it): no `String` is made. The
  /// bytes are valid only inside `body`.
  func withText<R>(at index: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R
  /// The integer in column `index`; throws for any other type.
  func int64(at index: Int) throws -> Int64
  /// The integer in column `index`, or nil for NULL.
  func optionalInt64(at index: Int) throws -> Int64?
  /// The number in column `index` (an integer is converted); throws for anything else.
  func double(at index: Int) throws -> Double
  /// The number in column `index`, or nil for NULL.
  func optionalDouble(at index: Int) throws -> Double?
  /// True when column `index` is NULL; throws for an index out of range.
  func isNull(at index: Int) throws -> Bool
}

extension SQLRow {
  /// The integer in column `index` as an `Int`.
  public func int(at index: Int) throws -> Int {
    Int(try int64(at: index))
  }

  /// Every column's value, in order.
  public var values: [SQLValue] { (0..<count).map { value(at: $0) } }
}
