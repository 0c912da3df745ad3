/// A statement and its arguments as a value: what a read says it will run before it runs it, so that a backend can
/// send the read's statements ahead in one round trip (``SQLConnection/sendAhead(_:)``).
///
///     let latest = SQLQuery("SELECT id FROM orders WHERE user_id = $1 ORDER BY ordered_at DESC LIMIT 1", [.text(viewer)])
///     try db.sendAhead([latest])
///     try db.query(latest.sql, latest.arguments) { row in … }   // its result, kept: no round trip of its own
public struct SQLQuery: Sendable, Hashable {
  /// The SQL, with parameters `$1`, `$2`, ….
  public var sql: String
  /// The arguments bound to `$1`, `$2`, … in order.
  public var arguments: [SQLValue]

  /// The statement `sql` with `arguments`.
  public init(_ sql: String, _ arguments: [SQLValue] = []) {
    self.sql = sql
    self.arguments = arguments
  }
}
