import CPostgres

/// Turning libpq results into `PostgresError`s.
extension Connection {
  /// Throws the error `result` reports, if any, and clears it unless `clearing` is false.
  func check(_ result: OpaquePointer?, sql: String?, clearing: Bool = true) throws(PostgresError) {
    defer { if clearing { stackfeed_pq_clear(result) } }
    guard let result else { throw failure(nil, sql: sql) }
    switch stackfeed_pq_result_status(result) {
    case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
    default: throw failure(result, sql: sql)
    }
  }

  /// The error of a failed `result` (nil: libpq could not even send the command).
  ///
  /// A broken connection is `.connectionLost` whatever the result says: libpq marks the connection bad when the
  /// server closes it, and the server's last words (SQLSTATE 57P01, "terminating connection due to administrator
  /// command", on a restart) come with it.
  func failure(_ result: OpaquePointer?, sql: String?) -> PostgresError {
    var sqlState: String?
    var message: String?
    if let result {
      sqlState = stackfeed_pq_result_error_field(result, Int32(PG_DIAG_SQLSTATE)).map { String(cString: $0) }
      message = stackfeed_pq_result_error_field(result, Int32(PG_DIAG_MESSAGE_PRIMARY)).map { String(cString: $0) }
      // The detail says which row, e.g. "Key (id)=(a1) already exists.".
      if let primary = message,
        let detail = stackfeed_pq_result_error_field(result, Int32(PG_DIAG_MESSAGE_DETAIL)).map({ String(cString: $0) })
      {
        message = "\(primary): \(detail)"
      }
      if message == nil {
        message = stackfeed_pq_result_error_message(result).map { String(cString: $0).trimmingTrailingWhitespace() }
      }
    }
    let text = redacted(message.flatMap { $0.isEmpty ? nil : $0 } ?? libpqMessage())
    let lost = !isConnected || sqlState.map(Connection.meansConnectionLost) ?? false
    return PostgresError(
      kind: lost ? .connectionLost : .server, message: text.isEmpty ? "unknown error" : text, sqlState: sqlState,
      endpoint: endpoint, sql: sql)
  }

  /// SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server is shutting down or restarting).
  private static func meansConnectionLost(_ sqlState: String) -> Bool {
    sqlState.hasPrefix("08") || sqlState == "57P01" || sqlState == "57P02" || sqlState == "57P03"
  }

  /// Throws `.misuse` while the rows of a query are being read: libpq runs one command at a time.
  func refuseWhileStreaming(_ sql: String) throws(PostgresError) {
    guard let streaming = streamingSQL else { return }
    throw PostgresError(
      kind: .misuse,
      message: "cannot run SQL while the rows of another query are being read on this connection "
        + "(read them first, e.g. with queryAll, or use a second connection); reading: \(streaming)",
      endpoint: endpoint, sql: sql)
  }
}
