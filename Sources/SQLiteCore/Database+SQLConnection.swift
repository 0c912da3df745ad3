import SQLCore

/// `Database` is the SQLite backend of the store (`SQLCore`'s backend-neutral interface).
extension Database: SQLConnection {
  /// `.sqlite`.
  public var dialect: SQLDialect { .sqlite }

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
