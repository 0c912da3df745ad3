import CPostgres

/// Transactions (<https://www.postgresql.org/docs/current/tutorial-transactions.html>), the retry after a lost
/// connection, and transaction-level advisory locks.
extension Connection {
  /// Runs `body` in a transaction (`BEGIN` … `COMMIT`, READ COMMITTED), rolled back when `body` throws or
  /// `COMMIT` fails; returns what `body` returns. Inside another transaction it runs as a savepoint: its own
  /// work rolls back on a throw. Its commit is announced on ``commitChannel`` (a `NOTIFY` in the same round
  /// trip as `COMMIT`), so that listening sessions learn of it.
  ///
  /// A statement that failed inside the transaction aborts it on the server; `COMMIT` then throws instead of
  /// quietly rolling back (PostgreSQL answers `ROLLBACK` to it).
  ///
  ///     try db.write {
  ///       try db.execute("DELETE FROM item")
  ///       try db.execute("INSERT INTO item (id) VALUES ($1)", ["a1"])
  ///     }
  ///
  /// With `announced: false` the commit is not announced: for bookkeeping no reader's remembered answer depends
  /// on (API tokens' last use), so listening servers keep what they remember.
  @discardableResult
  public func write<T>(announced: Bool, _ body: () throws -> T) throws -> T {
    try write(announcement: announced ? { "" } : nil, body)
  }

  /// ``write(announced:_:)``, announced: every write through the store but bookkeeping.
  @discardableResult
  public func write<T>(_ body: () throws -> T) throws -> T {
    try write(announcement: { "" }, body)
  }

  /// ``write(_:)``, its commit announced with the payload `payload` gives once `body` has returned (the store
  /// announces its change counter's value: docs/STORAGE.md, "The answer memo on PostgreSQL"). Inside another
  /// transaction `body` runs as a savepoint and `payload` is not asked: the outer transaction announces.
  @discardableResult
  public func write<T>(announcing payload: () -> String, _ body: () throws -> T) throws -> T {
    try withoutActuallyEscaping(payload) { try write(announcement: $0, body) }
  }

  private func write<T>(announcement: (() -> String)?, _ body: () throws -> T) throws -> T {
    if isInTransaction { return try savepoint(body) }
    try executeScript("BEGIN")
    return try finishTransaction(announcement: announcement, body)
  }

  /// Runs `body` in a read-only transaction (`REPEATABLE READ READ ONLY`): every query in it sees one snapshot,
  /// as SQLite's deferred read transaction. Inside another transaction, `body` simply runs in it.
  ///
  /// It costs no round trip of its own: `BEGIN` is sent in one pipeline with the first statement (none when no
  /// statement runs), and `ROLLBACK` is sent without waiting for its answer, which the connection's next call
  /// reads first (and throws its failure, e.g. `isConnectionLost`). A page of one query is one round trip.
  @discardableResult
  public func read<T>(_ body: () throws -> T) throws -> T {
    if isInTransaction { return try body() }
    pendingBegin = Connection.beginRead
    isReading = true
    defer {
      isReading = false
      dropKeptResults()
    }
    do {
      let result = try body()
      guard pendingBegin == nil else {
        pendingBegin = nil
        return result
      }
      if stackfeed_pq_transaction_status(handle) == PQTRANS_INERROR { throw Connection.caughtFailure(endpoint) }
      sendEndOfRead()
      return result
    } catch {
      pendingBegin = nil
      sendEndOfRead()
      throw error
    }
  }

  /// Runs `body`, which runs at most one statement, as a read without a transaction: a single statement sees one
  /// snapshot by itself, so neither `BEGIN` nor `ROLLBACK` is sent (the server runs the statement alone, as for a
  /// bare `SELECT`). A second statement in `body` throws `.misuse` before it is sent: it would see another
  /// snapshot. Inside a transaction `body` simply runs in it.
  @discardableResult
  public func readOneStatement<T>(_ body: () throws -> T) throws -> T {
    if isInTransaction { return try body() }
    statementsLeftInRead = 1
    defer { statementsLeftInRead = nil }
    return try body()
  }

  /// What starts a read.
  static let beginRead = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

  /// Runs `attempt` — a read, or anything else without an effect to repeat — once more on a new session
  /// (``reconnect()``) when the connection was lost before or during it (the server restarted, a failover):
  /// retrying gives the right answer or a second error, never a wrong one. The package's one retry after a lost
  /// connection (the server's store reads use it); a write is never retried this way, since it may have
  /// committed. Inside a transaction it does not retry (a lost connection takes the transaction with it).
  ///
  ///     let count = try db.retryingOnceOnConnectionLoss {
  ///       try db.read { try db.queryOne("SELECT count(*) FROM item") { try $0.int(at: 0) } }
  ///     }
  @discardableResult
  public func retryingOnceOnConnectionLoss<T>(_ attempt: () throws -> T) throws -> T {
    let isNested = isInTransaction
    do {
      return try attempt()
    } catch let error as PostgresError where error.isConnectionLost && !isNested {
      try reconnect()
      return try attempt()
    }
  }

  /// Takes the transaction-level advisory lock `key` (`pg_advisory_xact_lock`,
  /// <https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS>), released when the
  /// transaction ends; waits while another transaction holds it. Throws `.misuse` outside a transaction. The
  /// migrator serialises migrations with it (`migrating`):
  ///
  ///     try db.write { try db.lockForTransaction(advisoryKey: Migrator.lockKey); … }   // one migrator at a time
  public func lockForTransaction(advisoryKey key: Int64) throws {
    guard isInTransaction else {
      throw PostgresError(
        kind: .misuse, message: "an advisory transaction lock needs a transaction (inside write { })",
        endpoint: endpoint)
    }
    try execute("SELECT pg_advisory_xact_lock($1)", [.integer(key)])
  }

  private func finishTransaction<T>(announcement: (() -> String)?, _ body: () throws -> T) throws -> T {
    do {
      let result = try body()
      if stackfeed_pq_transaction_status(handle) == PQTRANS_INERROR { throw Connection.caughtFailure(endpoint) }
      try executeScript(announcement.map { Connection.announcedCommit(payload: $0()) } ?? "COMMIT")
      return result
    } catch {
      if isConnected && isInTransaction { try? executeScript("ROLLBACK") }
      throw error
    }
  }

  /// A transaction a failed statement aborted although its error was caught.
  private static func caughtFailure(_ endpoint: String) -> PostgresError {
    PostgresError(
      kind: .misuse, message: "a statement failed inside the transaction, so it was rolled back (the error was caught)",
      endpoint: endpoint)
  }

  private func savepoint<T>(_ body: () throws -> T) throws -> T {
    // https://www.postgresql.org/docs/current/sql-savepoint.html — a reused name hides the older savepoint
    // until the newer is released, so same-named savepoints nest.
    try executeScript("SAVEPOINT stackfeed_nested")
    do {
      let result = try body()
      try executeScript("RELEASE stackfeed_nested")
      return result
    } catch {
      if isConnected {
        try? executeScript("ROLLBACK TO stackfeed_nested")
        try? executeScript("RELEASE stackfeed_nested")
      }
      throw error
    }
  }
}
