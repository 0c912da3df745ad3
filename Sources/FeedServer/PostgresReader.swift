import PostgresCore

/// One pooled connection of ``PostgresReaders``: it listens on `Connection.commitChannel`, where every committed
/// write transaction of the store announces itself, and tells each read whether the feed changed since its
/// previous read (the "feed changed" of the ``AnswerMemo``'s generation protocol).
///
/// Before each read one round trip with no statement (`Connection.receivedNotifications()`) brings every
/// notification of a commit acknowledged before the request: an answer is never served after a commit that
/// changed it was acknowledged, in whatever process. A new session (the connection was opened again: what was
/// announced meanwhile went to the old one) counts as a change too, until a read has asked. A connection that
/// cannot listen (a hot standby) cannot tell: its reads use no memo.
final class PostgresReader: @unchecked Sendable {  // used by one request at a time
  let connection: PostgresCore.Connection
  private var isListening = false
  private var canListen = true
  /// Whether no read has asked since the session began.
  private var isNewSession = true

  init(connection: PostgresCore.Connection) {
    self.connection = connection
  }

  /// Whether a commit was announced (or the session is new) since this connection's previous read; `nil` when
  /// the connection cannot listen. Asked before the read's snapshot. Throws the connection's error
  /// (`isConnectionLost` when it is gone).
  func feedChanged() throws -> Bool? {
    if !isListening { try listen() }
    guard canListen else { return nil }
    let announced = try connection.receivedNotifications() > 0
    let changed = announced || isNewSession
    isNewSession = false
    return changed
  }

  /// Opens a new session after the connection was lost; it listens again before its first read.
  func reconnect() throws {
    isListening = false
    isNewSession = true
    try connection.reconnect()
  }

  private func listen() throws {
    do {
      try connection.listen(to: PostgresCore.Connection.commitChannel)
      canListen = true
    } catch let error as PostgresError where error.sqlState == "25006" {
      canListen = false  // "cannot execute LISTEN during recovery": a hot standby
    }
    isListening = true
  }
}
