import CPostgres

/// Notifications (`LISTEN`/`NOTIFY`, <https://www.postgresql.org/docs/current/sql-notify.html>): every
/// `write { }` transaction announces its commit on ``commitChannel``, and a session listening there learns of the
/// commits of every session, in any process on any machine, without asking the server.
///
///     try reader.listen(to: Connection.commitChannel)
///     try writer.write { try writer.execute("UPDATE item SET title = $1 WHERE id = $2", ["New", "a1"]) }
///     if try !reader.receivedNotifications().isEmpty { … what reader remembered may be out of date … }
///
/// The server sends a notification to a listening session once the announcing transaction has committed (never
/// for one rolled back), and while that session is inside a transaction, at its end. Sent on its own, it
/// reaches the listening client a moment after the writer's `COMMIT` returned (measured under load: up to
/// 18 ms, docs/STORAGE.md "The answer memo on PostgreSQL"); ``receivedNotifications()`` closes that moment with
/// one round trip.
extension Connection {
  /// The channel on which every top-level `write { }` transaction announces its commit (a `NOTIFY` sent with
  /// its `COMMIT`, in the same round trip): every write through the store, whatever its tables (a plugin's
  /// too), migrations and seeds included; with a payload when the write gives one (`write(announcing:_:)`),
  /// else with none (an empty one). A change made another way (`psql`, a statement outside `write { }`) is
  /// announced only by running `NOTIFY stackfeed_commit` after it.
  public static let commitChannel = "stackfeed_commit"

  /// What ends a top-level `write { }` announced with `payload`: the announcement, then the commit, in one
  /// round trip (a `NOTIFY` is delivered when its transaction commits; when it fails, `COMMIT` is not run and the
  /// transaction rolls back). The payload is an SQL string literal (quotes doubled).
  static func announcedCommit(payload: String) -> String {
    guard !payload.isEmpty else { return "NOTIFY \(commitChannel); COMMIT" }
    return "NOTIFY \(commitChannel), '\(payload.replacing("'", with: "''"))'; COMMIT"
  }

  /// Starts listening to `channel` (an SQL identifier: letters, digits and `_`) in this session. A new session
  /// (`reconnect()`) listens to nothing until asked again. A hot standby refuses (`LISTEN` needs a primary):
  /// a `.server` error with SQLSTATE 25006.
  public func listen(to channel: String) throws {
    guard !channel.isEmpty, channel.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || Self.isAlphanumeric($0) }) else {
      throw PostgresError(kind: .misuse, message: "a channel name is letters, digits and _, not \"\(channel)\"")
    }
    try executeScript("LISTEN \(channel)")
  }

  /// The payloads of the notifications received since the previous call (an empty string for a notification
  /// without one), in the order they came, after one round trip that asks the server for
  /// nothing but its answer (a protocol Sync, <https://www.postgresql.org/docs/current/protocol-flow.html>: no
  /// statement, no snapshot). The server delivers a notification it was signalled before it answers, and it is
  /// signalled at the announcing transaction's commit, before that `COMMIT` returns; so every commit
  /// acknowledged to its writer before this call began is counted by now. Throws `.connectionLost` when the
  /// connection is gone, `.misuse` inside a transaction (the server holds notifications until its end).
  public func receivedNotifications() throws(PostgresError) -> [String] {
    try prepareToSend(Connection.synchronization)
    guard !isInTransaction else {
      throw PostgresError(
        kind: .misuse, message: "notifications are delivered between transactions, not inside one",
        endpoint: endpoint)
    }
    roundTripCount += 1
    var synced = false
    var firstFailure: PostgresError?
    if stackfeed_pq_enter_pipeline_mode(handle) == 1, stackfeed_pq_pipeline_sync(handle) == 1 {
      // Up to the sync point; libpq parses the notifications sent before it on the way. A session the server
      // ended answers with its last words (an error result, then nothing).
      var ends = 0
      while !synced, firstFailure == nil, ends < 2 {
        guard let result = stackfeed_pq_get_result(handle) else {
          ends += 1
          continue
        }
        switch stackfeed_pq_result_status(result) {
        case PGRES_PIPELINE_SYNC: synced = true
        default: firstFailure = failure(result, sql: Connection.synchronization)
        }
        stackfeed_pq_clear(result)
      }
    }
    _ = stackfeed_pq_exit_pipeline_mode(handle)
    if let firstFailure { throw firstFailure }
    guard synced, isConnected else { throw failure(nil, sql: Connection.synchronization) }
    return takeNotifications()
  }

  /// The payloads of the notifications that arrive within `timeout` (at once those already received), without a
  /// round trip: for a session that only listens (a process following the commits, `stackfeed watch`), which
  /// runs no statement while it waits. Empty when none came in time. Throws `.connectionLost` when the
  /// connection is gone, `.misuse` inside a transaction.
  ///
  ///     try listener.listen(to: Connection.commitChannel)
  ///     while true { for payload in try listener.awaitNotifications(timeout: .seconds(1)) { … } }
  public func awaitNotifications(timeout: Duration) throws(PostgresError) -> [String] {
    try prepareToSend("(waiting for notifications)")
    guard !isInTransaction else {
      throw PostgresError(
        kind: .misuse, message: "notifications are delivered between transactions, not inside one",
        endpoint: endpoint)
    }
    var payloads = takeNotifications()
    guard payloads.isEmpty else { return payloads }
    let milliseconds = Int32(clamping: Int64(max(0, (timeout / .milliseconds(1)).rounded(.up))))
    guard stackfeed_pq_wait_input(handle, milliseconds) >= 0, isConnected else {
      throw failure(nil, sql: "(waiting for notifications)")
    }
    payloads = takeNotifications()
    return payloads
  }

  /// The notifications libpq has parsed so far, freed.
  private func takeNotifications() -> [String] {
    var payloads: [String] = []
    while let notification = stackfeed_pq_notifies(handle) {
      payloads.append(notification.pointee.extra.map { String(cString: $0) } ?? "")
      stackfeed_pq_freemem(UnsafeMutableRawPointer(notification))
    }
    return payloads
  }

  /// How messages name the Sync of ``receivedNotifications()``.
  static let synchronization = "(a protocol Sync, no statement)"

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
