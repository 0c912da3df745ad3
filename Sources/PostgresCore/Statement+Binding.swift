import SQLCore

/// Binding arguments one by one, by parameter number (`$1` is 1), for bulk writes through `SQLStatement`:
/// PostgreSQL takes a statement's arguments all at once, with the run, so the bound values are kept in the
/// statement and sent by the next `runBound()`.
///
///     let insert = try db.prepare("INSERT INTO item (id, title) VALUES ($1, $2)")
///     try insert.bind("a1", at: 1)
///     try insert.bind("First", at: 2)
///     try insert.runBound()
///
/// The statement is shared by everyone who prepares the same SQL on the connection: bind every parameter before
/// each run. A parameter left unbound below the highest one bound is NULL.
extension Statement {
  /// Keeps text, or NULL when `value` is nil, for parameter `index`.
  public func bind(_ value: String?, at index: Int32) throws {
    try keep(SQLValue(value), at: index)
  }

  /// Keeps a 64-bit integer for parameter `index`.
  public func bind(_ value: Int64, at index: Int32) throws {
    try keep(.integer(value), at: index)
  }

  /// Keeps UTF-8 bytes as text for parameter `index` (invalid UTF-8 is repaired with U+FFFD, as PostgreSQL
  /// would refuse it); the bytes need not outlive the call.
  public func bind(utf8 bytes: Span<UInt8>, at index: Int32) throws {
    try keep(.text(bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }), at: index)
  }

  /// Runs the statement once with the arguments bound so far; rows it returns are discarded. The bindings stay.
  public func runBound() throws {
    try run(boundArguments)
  }

  private func keep(_ value: SQLValue, at index: Int32) throws {
    guard index >= 1 else {
      throw PostgresError(kind: .misuse, message: "no parameter \(index): parameters count from 1", sql: sql)
    }
    let slot = Int(index) - 1
    if boundArguments.count <= slot {
      boundArguments.append(contentsOf: repeatElement(.null, count: slot + 1 - boundArguments.count))
    }
    boundArguments[slot] = value
  }
}
