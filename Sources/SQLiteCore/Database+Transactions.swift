/// Transactions (<https://www.sqlite.org/lang_transaction.html>).
extension Database {
  /// Runs `body` in a write transaction: `BEGIN IMMEDIATE` … `COMMIT`, rolled back when `body` throws or
  /// `COMMIT` fails. Returns what `body` returns.
  ///
  /// `BEGIN IMMEDIATE` takes the write lock up front, so a transaction never fails half-way for lack of it;
  /// it waits up to the busy timeout and is retried a few times when SQLite reports busy anyway.
  /// Called inside another transaction, it runs as a savepoint: its own work rolls back on a throw.
  ///
  ///     try db.write {
  ///       try db.execute("DELETE FROM item")
  ///       try db.execute("INSERT INTO item (id) VALUES (?)", ["a1"])
  ///     }
  public func write<T>(_ body: () throws -> T) throws -> T {
    if isInTransaction { return try savepoint(body) }
    try retryingWhileBusy { try execute("BEGIN IMMEDIATE") }
    return try finishTransaction(body)
  }

  /// Runs `body` in a deferred read transaction: every query in it sees the same snapshot of the database.
  /// Inside another transaction, `body` simply runs in it.
  public func read<T>(_ body: () throws -> T) throws -> T {
    if isInTransaction { return try body() }
    try execute("BEGIN DEFERRED")
    return try finishTransaction(body)
  }

  private func finishTransaction<T>(_ body: () throws -> T) throws -> T {
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // SQLite may already have rolled back on its own (https://www.sqlite.org/lang_transaction.html#response_to_errors_within_a_transaction).
      if isInTransaction { try? execute("ROLLBACK") }
      throw error
    }
  }

  private func savepoint<T>(_ body: () throws -> T) throws -> T {
    // https://www.sqlite.org/lang_savepoint.html — same-named savepoints nest; RELEASE pops the innermost.
    try execute("SAVEPOINT stackfeed_nested")
    do {
      let result = try body()
      try execute("RELEASE stackfeed_nested")
      return result
    } catch {
      try? execute("ROLLBACK TO stackfeed_nested")
      try? execute("RELEASE stackfeed_nested")
      throw error
    }
  }
}
