import PostgresCore

/// One pooled connection of ``PostgresSource``: it listens on `Connection.commitChannel`, where every committed
/// write transaction of the store announces itself, and tells each read what changed since its previous read
/// (the ``AnswerMemo/Change`` of the memo's generation protocol).
///
/// Before each read one round trip with no statement (`Connection.receivedNotifications()`) brings every
/// notification of a commit acknowledged before the request: an answer is never served after a commit that
/// changed it was acknowledged, in whatever process. A write through the store announces the store's change
/// counter (`StoreChanges`) as its payload: when every notification heard has one, the change is counted with
/// the highest (the counter is commit-ordered, so the commits of all lower values are visible too), and every
/// connection that hears one commit joins one generation. A notification without a number (a manual
/// `NOTIFY stackfeed_commit`, a migration, an older server) is a change of unknown commit. A new session (the
/// connection was opened again: `Connection.session` moved on, and what was announced meanwhile went to the old
/// one) listens again and counts as an unknown change, until a read has asked. A connection that cannot listen
/// (a hot standby) cannot tell: its reads use no memo.
final class ListeningConnection: @unchecked Sendable {  // used by one request at a time
  let connection: PostgresCore.Connection
  /// The session that listens (`Connection.session`); `nil` before the first read.
  private var listeningSession: Int?
  private var canListen = true

  init(connection: PostgresCore.Connection) {
    self.connection = connection
  }

  /// What changed since this connection's previous read: the commits announced, or the session is new; `nil`
  /// when the connection cannot listen. Asked before the read's snapshot. Throws the connection's error
  /// (`isConnectionLost` when it is gone).
  func change() throws -> AnswerMemo.Change? {
    let isNewSession = listeningSession != connection.session
    if isNewSession { try listen() }
    guard canListen else { return nil }
    let payloads = try connection.receivedNotifications()
    if isNewSession { return .unknown }
    guard !payloads.isEmpty else { return AnswerMemo.Change.none }
    let counted = payloads.map { UInt64($0) }
    guard !counted.contains(nil) else { return .unknown }
    return counted.compactMap { $0 }.max().map { .counted($0) }
  }

  /// Whether this connection hears a commit that `announce` makes on another connection (`nil`: it cannot
  /// listen). A connection pooler in transaction mode runs the `LISTEN` and the later round trips on different
  /// server sessions, and a logical-replication subscriber never hears its publisher's commits: both false.
  func hears(_ announce: () throws -> Void) throws -> Bool? {
    guard try change() != nil else { return nil }
    try announce()
    return try !connection.receivedNotifications().isEmpty
  }

  /// Stops listening for good (the memo is off), so that notifications do not pile up in the session.
  func ignoreCommits() throws {
    if listeningSession == connection.session, canListen { try connection.executeScript("UNLISTEN *") }
    listeningSession = connection.session
    canListen = false
  }

  private func listen() throws {
    do {
      try connection.listen(to: PostgresCore.Connection.commitChannel)
      canListen = true
    } catch let error as PostgresError where error.sqlState == "25006" {
      canListen = false  // "cannot execute LISTEN during recovery": a hot standby
    }
    listeningSession = connection.session
  }
}
