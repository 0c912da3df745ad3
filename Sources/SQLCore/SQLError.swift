/// A failed database call, whatever the engine: what the command line turns into an exit code and the server
/// into a status. The message never holds a password.
public protocol SQLError: Error, CustomStringConvertible {
  /// The engine's message (or the wrapper's), one line, without the SQL.
  var message: String { get }
  /// The engine and its code, e.g. `SQLite error 1` or `PostgreSQL error 42P01`.
  var codeDescription: String { get }
  /// The wrapper was called wrongly (a bug: wrong argument count, two statements, …).
  var isMisuse: Bool { get }
  /// Another connection held a lock too long, or the server is not reachable now: trying again later may work.
  var isBusy: Bool { get }
}
