/// A failed PostgreSQL operation: what kind of failure, the server's SQLSTATE and message, which server, and the
/// SQL that was running. It never holds a password.
///
///     do { try db.execute("INSERT INTO item (id) VALUES ($1)", ["a1"]) } catch let error as PostgresError {
///       if error.isUniqueViolation { … } else if error.isConnectionLost { try db.reconnect() }
///     }
public struct PostgresError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The kinds of failure callers tell apart.
  public enum Kind: Sendable, Equatable {
    /// libpq (`libpq.so.5`, Debian `libpq5`) could not be loaded.
    case libraryMissing
    /// The URL or connection string is malformed; nothing was tried.
    case badConnectionString
    /// The server could not be reached or refused the login (unknown host, refused port, wrong password…).
    case connectionFailed
    /// The connection broke during a call (the server restarted or ended the session): the call's outcome is
    /// unknown; `Connection.reconnect()` and retry what is safe to retry.
    case connectionLost
    /// The server refused or failed a statement; `sqlState` says why.
    case server
    /// A column read with the accessor of another type (see `Row`).
    case mismatch
    /// The wrapper was used wrongly (wrong argument, SQL while a query streams, lock outside a transaction…).
    case misuse
  }

  /// The kind of failure.
  public let kind: Kind
  /// The five-character SQLSTATE the server reported, e.g. `23505` (unique violation), when there is one
  /// (<https://www.postgresql.org/docs/current/errcodes-appendix.html>).
  public let sqlState: String?
  /// The server's or libpq's message (a password in it is replaced by `***`), or ours, on one line: libpq's
  /// messages can span several (a connection failure adds a hint, one per address tried), which are joined with
  /// `; ` so that a log line, a CLI error or a JSON detail stays one line.
  public let message: String
  /// Which server: `host 127.0.0.1 port 5432 database feed`, when known.
  public let endpoint: String?
  /// The SQL being prepared or run, when there was one.
  public let sql: String?

  /// Creates an error.
  public init(kind: Kind, message: String, sqlState: String? = nil, endpoint: String? = nil, sql: String? = nil) {
    self.kind = kind
    self.message = message.joiningLines()
    self.sqlState = sqlState
    self.endpoint = endpoint
    self.sql = sql
  }

  /// The connection broke: reconnect, then retry a read (a write's outcome is unknown).
  public var isConnectionLost: Bool { kind == .connectionLost }
  /// The connection could not be made (or the URL was bad, or libpq is missing): a database problem for the CLI.
  public var isConnectionProblem: Bool {
    kind == .connectionFailed || kind == .badConnectionString || kind == .libraryMissing || kind == .connectionLost
  }
  /// libpq is not installed.
  public var isLibraryMissing: Bool { kind == .libraryMissing }
  /// SQLSTATE class 23: a NOT NULL, UNIQUE, CHECK or FOREIGN KEY constraint failed.
  public var isConstraint: Bool { sqlState?.hasPrefix("23") ?? false }
  /// SQLSTATE 23505: a UNIQUE or PRIMARY KEY constraint failed.
  public var isUniqueViolation: Bool { sqlState == "23505" }
  /// SQLSTATE 40001 or 40P01: a serialization failure or deadlock; the transaction may be retried.
  public var isSerializationFailure: Bool { sqlState == "40001" || sqlState == "40P01" }
  /// A column held another type than the one read.
  public var isMismatch: Bool { kind == .mismatch }
  /// The wrapper was called wrongly.
  public var isMisuse: Bool { kind == .misuse }

  /// One sentence, e.g. `duplicate key value violates unique constraint "item_pkey" (PostgreSQL SQLSTATE 23505)
  /// in: INSERT INTO item (id) VALUES ($1)`, or `cannot connect to PostgreSQL at host db.example port 5432
  /// database feed: …`.
  public var description: String {
    var text: String
    switch kind {
    case .libraryMissing: text = "PostgreSQL support needs libpq (apt-get install libpq5): \(message)"
    case .badConnectionString: text = message
    case .connectionFailed: text = "cannot connect to PostgreSQL at \(endpoint ?? "the default server"): \(message)"
    case .connectionLost:
      text = "lost the connection to PostgreSQL at \(endpoint ?? "the server"): \(message); reconnect and retry"
    case .server, .mismatch, .misuse: text = message
    }
    if let sqlState, kind == .server { text += " (PostgreSQL SQLSTATE \(sqlState))" }
    if let sql { text += " in: \(sql)" }
    return text
  }
}
