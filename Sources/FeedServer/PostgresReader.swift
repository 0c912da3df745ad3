import PostgresCore

/// One pooled connection of ``PostgresReaders``, with its ``AnswerMemo`` and the version of the feed its answers
/// are labelled with: the connection listens on `Connection.commitChannel`, where every committed write
/// transaction of the store announces itself, and each notification starts a new version.
///
/// Before each read one round trip with no statement (`Connection.receivedNotifications()`) brings every
/// notification of a commit acknowledged before the request: an answer is never served after a commit that
/// changed it was acknowledged, in whatever process. A new session (the connection was opened again: what was
/// announced meanwhile went to the old one) and a connection that cannot listen (a hot standby: then every read
/// is a new version) start a new version too.
final class PostgresReader: @unchecked Sendable {  // used by one request at a time
  let connection: PostgresCore.Connection
  let memo: AnswerMemo
  private var current: Int64 = 0
  private var isListening = false
  private var canListen = true

  init(connection: PostgresCore.Connection, memo: AnswerMemo) {
    self.connection = connection
    self.memo = memo
  }

  /// The version of the feed a read starting now sees, for its memo (``AnswerMemo/use(version:)``): taken
  /// before the read's snapshot. Throws the connection's error (`isConnectionLost` when it is gone).
  func version() throws -> Int64 {
    if !isListening { try listen() }
    if !canListen {
      current += 1
    } else if try connection.receivedNotifications() > 0 {
      current += 1
    }
    return current
  }

  /// Opens a new session after the connection was lost; it listens again before its first read.
  func reconnect() throws {
    isListening = false
    current += 1
    try connection.reconnect()
  }

  private func listen() throws {
    current += 1
    do {
      try connection.listen(to: PostgresCore.Connection.commitChannel)
      canListen = true
    } catch let error as PostgresError where error.sqlState == "25006" {
      canListen = false  // "cannot execute LISTEN during recovery": a hot standby
    }
    isListening = true
  }
}
