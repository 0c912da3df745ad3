import PostgresCore
import SQLCore

/// A PostgreSQL prepared statement with typed binding (``SQLStatement``): the arguments bound by number are kept
/// here and sent with the next run (PostgreSQL takes a statement's arguments all at once).
public final class PostgresStatement: SQLStatement {
  /// The prepared statement.
  public let statement: PostgresCore.Statement
  private var arguments: [SQLValue] = []

  /// Wraps `statement`.
  public init(_ statement: PostgresCore.Statement) {
    self.statement = statement
  }

  /// Keeps text, or NULL, for parameter `index`.
  public func bind(_ value: String?, at index: Int32) throws {
    try set(SQLValue(value), at: index)
  }

  /// Keeps an integer for parameter `index`.
  public func bind(_ value: Int64, at index: Int32) throws {
    try set(.integer(value), at: index)
  }

  /// Keeps UTF-8 bytes as text for parameter `index`.
  public func bind(utf8 bytes: UnsafeRawBufferPointer, at index: Int32) throws {
    try set(.text(String(decoding: bytes, as: UTF8.self)), at: index)
  }

  /// Runs the statement with the arguments kept so far.
  public func runBound() throws {
    try statement.execute(arguments)
  }

  /// Runs the statement with `arguments`.
  public func run(_ arguments: [SQLValue]) throws {
    try statement.execute(arguments)
  }

  private func set(_ value: SQLValue, at index: Int32) throws {
    guard index >= 1 else {
      throw PostgresError(kind: .misuse, message: "no parameter \(index): parameters count from 1", sql: statement.sql)
    }
    let slot = Int(index) - 1
    if arguments.count <= slot { arguments += [SQLValue](repeating: .null, count: slot + 1 - arguments.count) }
    arguments[slot] = value
  }
}
