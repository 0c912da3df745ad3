/// A statement prepared once and run many times: the fast path of bulk writes, binding typed values by
/// parameter number (`$1` is 1) without building an array per row.
///
///     let insert = try db.prepare("INSERT INTO item (id, title) VALUES ($1, $2)")
///     try db.write {
///       for (id, title) in items {
///         try insert.bind(id, at: 1)
///         try insert.bind(title, at: 2)
///         try insert.runBound()
///       }
///     }
///
/// A statement is shared by everyone who prepares the same SQL on the connection: bind every parameter
/// before each run.
public protocol SQLStatement {
  /// Binds text, or NULL when `value` is nil, to parameter `index` (1-based).
  func bind(_ value: String?, at index: Int32) throws
  /// Binds a 64-bit integer to parameter `index`.
  func bind(_ value: Int64, at index: Int32) throws
  /// Binds UTF-8 bytes as text to parameter `index`, e.g. an id formatted into a reused array: no `String` is
  /// made for it. The bytes need not outlive the call.
  func bind(utf8 bytes: Span<UInt8>, at index: Int32) throws
  /// Runs the statement once with the values bound so far; rows it returns are skipped. The bindings stay.
  func runBound() throws
  /// Binds `arguments` to `$1`, `$2`, … and runs the statement once; rows it returns are skipped.
  func run(_ arguments: [SQLValue]) throws
}
