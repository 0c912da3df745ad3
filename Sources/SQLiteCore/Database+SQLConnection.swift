import SQLCore

/// `Database` is the SQLite backend of the store (`SQLCore`'s backend-neutral interface).
extension Database: SQLConnection {
  /// `.sqlite`.
  public var dialect: SQLDialect { .sqlite }

  /// Streams the rows of `sql` as ``query(_:_:_:)`` does, whatever the bound: SQLite has no whole result to
  /// receive, it hands each row over as it steps.
  public func query(_ sql: String, _ arguments: [SQLValue], rowsAtMost: Int?, _ body: (Row) throws -> Void) throws {
    try query(sql, arguments, body)
  }

  /// A read transaction (``read(_:)``): SQLite's `BEGIN` and `COMMIT` are calls in the process, not round trips
  /// to a server.
  public func readOneStatement<T>(_ body: () throws -> T) throws -> T {
    try read(body)
  }

  /// Nothing: each statement is a call in the process, run when the read runs it, so there is no round trip to
  /// save (the read's transaction gives its statements one snapshot).
  public func sendAhead(_ statements: [SQLQuery]) throws {}

  /// False: ``sendAhead(_:)`` does nothing.
  public var sendsAhead: Bool { false }

  /// A write transaction: `BEGIN IMMEDIATE` already takes the one write lock of the file, which is what
  /// serialises migrators.
  public func migrating<T>(_ body: () throws -> T) throws -> T {
    try write(body)
  }

  /// Whether `sqlite_schema` lists a table named `name`.
  public func tableExists(_ name: String) throws -> Bool {
    try queryOne("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)]) { _ in true }
      ?? false
  }
}

extension Row: SQLRow {}

extension Statement: SQLStatement {
  /// Steps until done, then resets (the bindings stay).
  public func runBound() throws {
    defer { reset() }
    while try step() {}
  }
}

extension DatabaseError: SQLError {
  /// `SQLite error N`.
  public var codeDescription: String { "SQLite error \(code)" }
}
