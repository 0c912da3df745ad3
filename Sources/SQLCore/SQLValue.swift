/// A value a database stores in a column or binds to a parameter, in SQLite's five storage classes
/// (<https://www.sqlite.org/datatype3.html>); every backend maps its own types onto them (PostgreSQL's
/// `bigint` is `.integer`, `text` is `.text`, `double precision` is `.real`, `bytea` is `.blob`).
///
///     try db.execute("INSERT INTO item (id, title, tag) VALUES (?, ?, ?)", ["a1", "Press reset", nil])
public enum SQLValue: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An IEEE 754 double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Raw bytes.
  case blob([UInt8])

  /// `.text(value)`, or `.null` when `value` is nil.
  public init(_ value: String?) {
    self = value.map { .text($0) } ?? .null
  }

  /// `.integer(value)`, or `.null` when `value` is nil.
  public init(_ value: Int?) {
    self = value.map { .integer(Int64($0)) } ?? .null
  }

  /// `.integer(value)`, or `.null` when `value` is nil.
  public init(_ value: Int64?) {
    self = value.map { .integer($0) } ?? .null
  }

  /// `.real(value)`, or `.null` when `value` is nil.
  public init(_ value: Double?) {
    self = value.map { .real($0) } ?? .null
  }

  /// `.integer(1)` for true, `.integer(0)` for false: SQLite has no boolean class (store flags as integers on
  /// every backend).
  public init(_ value: Bool) {
    self = .integer(value ? 1 : 0)
  }

  /// The number as a double (integers are converted), or nil for text, blob and null.
  public var doubleValue: Double? {
    switch self {
    case .integer(let value): return Double(value)
    case .real(let value): return value
    default: return nil
    }
  }

  /// True for `.null`.
  public var isNull: Bool { self == .null }

  /// The name of the storage class, as SQLite spells it (and error messages of every backend): `NULL`, `INTEGER`, `REAL`, `TEXT`, `BLOB`.
  public var storageClass: String {
    switch self {
    case .null: return "NULL"
    case .integer: return "INTEGER"
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob: return "BLOB"
    }
  }
}

extension SQLValue: ExpressibleByStringLiteral {
  /// A text value: `"abc"` is `.text("abc")`.
  public init(stringLiteral value: String) {
    self = .text(value)
  }
}

extension SQLValue: ExpressibleByIntegerLiteral {
  /// An integer value: `42` is `.integer(42)`.
  public init(integerLiteral value: Int64) {
    self = .integer(value)
  }
}

extension SQLValue: ExpressibleByFloatLiteral {
  /// A real value: `1.5` is `.real(1.5)`.
  public init(floatLiteral value: Double) {
    self = .real(value)
  }
}

extension SQLValue: ExpressibleByNilLiteral {
  /// `nil` is `.null`.
  public init(nilLiteral: ()) {
    self = .null
  }
}
