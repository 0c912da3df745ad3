import SQLCore

/// A PostgreSQL failure is a backend-neutral `SQLError`: the command line maps it to exit 74 (70 for misuse),
/// the server to a 503 while the database cannot be reached.
extension PostgresError: SQLError {
  /// `PostgreSQL SQLSTATE 42P01`, or the kind of failure when the server sent no SQLSTATE.
  public var codeDescription: String {
    if let sqlState { return "PostgreSQL SQLSTATE \(sqlState)" }
    return "PostgreSQL client"
  }

  /// The server cannot be reached or the connection was lost, or a lock or serialization conflict: trying
  /// again later may work.
  public var isBusy: Bool { isConnectionProblem || isSerializationFailure || sqlState == "55P03" }
}
