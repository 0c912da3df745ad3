import FeedPlugins
import FeedStore
import PostgresCore
import Synchronization

/// The server's store on PostgreSQL — its read pool, its write pool and its answer memo: one connection per
/// request at a time (kept in a ``ConnectionPool``),
/// each page read in one `REPEATABLE READ READ ONLY` transaction, so a re-seed committed by another process is
/// seen whole or not at all. A connection the server dropped (restart, failover) is opened again and the read
/// run once more: a read has no effect to repeat, so the answer is right or the request gets a 503, never a
/// wrong page.
///
/// The server's one ``AnswerMemo`` is shared by every connection, as on SQLite, and kept by one
/// ``CommitListener``: a thread with a connection of its own that hears every commit of the store (any process,
/// any machine) announced on `Connection.commitChannel` and moves the memo's generation on, so a request the
/// memo answers costs no round trip; the listener's Sync every 200 ms bounds how old an answer may be (1 s), and a
/// client's `Stackfeed-Commit` is honoured before the memo is (docs/HTTP.md, "Reading your own writes"). This
/// server's own writes move the memo on when they commit. The listener's connection is one of the reads' share
/// of ``StoreLimits``; with a single read connection (`--db-connections 3`) the memo is off. A database that
/// cannot be listened to (a hot standby, `--read-db`) is read without the memo. Writes (``write(_:)``) run
/// on connections of their own, to the database itself even when the feed is read from a replica (a hot standby
/// refuses writes), and announce their commits like every write. Reads and writes each have a
/// bounded pool (``StoreLimits``): a request finding all its pool's connections in use waits for one, then gets
/// 503.
public final class PostgresSource: FeedSource, Sendable {
  private struct Pooled: @unchecked Sendable {  // a connection is used by one request at a time
    let connection: PostgresCore.Connection
  }

  /// The database reads connect to (its URL has the password: never printed; `name` is).
  private let location: StoreLocation
  /// The database writes connect to: the same, or the primary when reads go to a replica.
  private let writeLocation: StoreLocation
  /// The URL reads connect to, without its password, for messages.
  public var name: String { location.name }
  /// The URL writes connect to, without its password.
  private var writeName: String { writeLocation.name }
  private let registry: PluginRegistry
  private let readers: ConnectionPool<Pooled>
  private let writers: ConnectionPool<Pooled>
  private let memo: AnswerMemo
  private let listener: CommitListener
  /// False once ``checkMemo()`` found that a read connection does not hear the commits: no read uses the memo.
  private let hearsCommits = Atomic(true)
  /// Whether the memo is off because the limits leave the reads a single connection, none for the listener.
  private let leavesNoListener: Bool
  /// The round trips the reads have waited for (`Connection.roundTrips` of their connections): what tests and
  /// benchmarks count a page's by.
  let readRoundTrips = Atomic(0)

  /// The store of the PostgreSQL database at `location`, within `limits` (the memo's budget, the pools' bounds);
  /// writes go to `writeLocation` (e.g. the primary of the replica `location` names), by default the same.
  public init(
    location: StoreLocation, writeLocation: StoreLocation? = nil, registry: PluginRegistry,
    limits: StoreLimits = StoreLimits()
  ) {
    self.location = location
    self.writeLocation = writeLocation ?? location
    self.registry = registry
    // The listener's connection is one of the reads' share; with one read connection the memo is off.
    leavesNoListener = limits.answerBytes > 0 && limits.readers < 2
    let listens = limits.answerBytes > 0 && !leavesNoListener
    readers = ConnectionPool(limit: listens ? limits.readers - 1 : limits.readers, wait: limits.wait)
    writers = ConnectionPool(limit: limits.writers, wait: limits.wait)
    memo = AnswerMemo(budget: listens ? limits.answerBytes : 0)
    listener = CommitListener(location: location, memo: memo)
  }

  deinit {
    listener.stop()
  }

  /// Runs `body` over one read transaction of the database; ``StoreUnavailable`` when it cannot be reached or
  /// read now. The read uses the memo when the listener allows it (``CommitListener/answers(seeing:)``: it heard
  /// `commit`, and its latest Sync is recent); else it composes from its own snapshot, which sees `commit` (its
  /// client had the write's answer before it asked) and every commit acknowledged before the call.
  public func read<T>(seeing commit: UInt64?, _ body: (FeedSnapshot) throws -> T) throws -> T {
    do {
      // A connection with a connection problem is not used again.
      return try readers.using(
        opening: { Pooled(connection: try connect(to: location)) },
        brokenBy: { ($0 as? PostgresError)?.isConnectionProblem ?? false },
        { reader in
          let connection = reader.connection
          let before = connection.roundTrips
          defer { readRoundTrips.add(connection.roundTrips - before, ordering: .relaxed) }
          // Run once more on a new session when the connection was lost before or during the read; the answers
          // are asked for again before each run's snapshot.
          return try connection.retryingOnceOnConnectionLoss {
            let answers = answersWithoutReading(seeing: commit)
            return try connection.read {
              try body(FeedSnapshot(memo: answers, registry: registry, database: .postgres(connection)))
            }
          }
        })
    } catch let error as PostgresError where error.isBusy {
      throw StoreUnavailable(description: "the database \(name) cannot be read now: \(error.message)")
    } catch let error as ConnectionPoolExhausted {
      throw StoreUnavailable(error, database: name, reading: true)
    }
  }

  /// The memo's answers when the listener allows them (``CommitListener/answers(seeing:)``) and the start-up check
  /// found that reads hear the commits (``checkMemo()``); none, and no listener, with a budget of 0.
  public func answersWithoutReading(seeing commit: UInt64?) -> RememberedAnswers? {
    guard memo.budget > 0, hearsCommits.load(ordering: .relaxed) else { return nil }
    return listener.answers(seeing: commit)
  }

  /// The commits past `version` as the listener hears them (``CommitListener/wait(past:timeout:)``), on its
  /// connection: the server's event streams need no listening connection of their own. `nil` where the memo is
  /// off (no listener, or one that does not hear the commits).
  public func awaitCommit(past version: UInt64, timeout: Duration) -> UInt64? {
    guard memo.budget > 0, hearsCommits.load(ordering: .relaxed) else { return nil }
    return listener.wait(past: version, timeout: timeout)
  }

  /// Runs `body` in one write transaction (READ COMMITTED) on a connection of its own; ``StoreUnavailable``
  /// when the database cannot be reached. Unlike a read, a write is never run again after a lost connection:
  /// it may have committed (an `Idempotency-Key` makes the client's retry safe).
  /// Its commit is in the memo's next answers at once (``CommitListener/committed(_:)``).
  public func write<T>(_ body: (StoreConnection) throws -> T) throws -> Committed<T> {
    let written = try onPrimary(writing: true) { db in try db.versionedWrite { try body(db) } }
    listener.committed(written.version)
    return Committed(value: written.value, version: written.version)
  }

  /// Whether reads go to a replica (`--read-db`): another URL than writes.
  public var readsReplica: Bool { location.path != writeLocation.path }

  /// Runs `body` in one read transaction of the database writes go to, on a connection of the writes' pool.
  public func readPrimary<T>(_ body: (StoreConnection) throws -> T) throws -> T {
    try onPrimary(writing: false) { db in try db.read { try body(db) } }
  }

  /// Runs `body` on a connection of the writes' pool to the database writes go to; ``StoreUnavailable`` when
  /// it cannot be reached, or no connection was free in time.
  private func onPrimary<T>(writing: Bool, _ body: (StoreConnection) throws -> T) throws -> T {
    let verb = writing ? "written" : "read"
    do {
      return try writers.using(
        opening: { Pooled(connection: try connect(to: writeLocation)) },
        brokenBy: { ($0 as? PostgresError)?.isConnectionProblem ?? false },
        { writer in try body(.postgres(writer.connection)) })
    } catch let error as PostgresError where error.isBusy {
      throw StoreUnavailable(description: "the database \(writeName) cannot be \(verb) now: \(error.message)")
    } catch let error as ConnectionPoolExhausted {
      throw StoreUnavailable(error, database: writeName, reading: !writing)
    }
  }

  /// Whether a read connection hears a commit of a write connection (one empty write transaction, announced as
  /// every write is): behind a connection pooler in transaction mode, or reading from a logical-replication
  /// subscriber (`--read-db`), it does not, and answers would stay remembered after the feed changed. Then the
  /// memo is turned off, and the sentence saying so returned; `nil` when it hears, when the memo is off anyway
  /// (`--memo-size 0`, a hot standby that cannot listen), or when the database cannot be reached now (its reads
  /// will say so).
  public func checkMemo() -> String? {
    if leavesNoListener {
      return "the answer memo is off: on PostgreSQL it takes a read connection of its own to hear the commits, "
        + "and --db-connections leaves the reads one (4 or more leaves them two); every request composes its answer"
    }
    guard memo.budget > 0 else { return nil }
    let heard = try? CommitListener.hears(at: location) {
      try writers.using(opening: { Pooled(connection: try connect(to: writeLocation)) }) { writer in
        try writer.connection.write {}
      }
    }
    guard heard == false else { return nil }
    hearsCommits.store(false, ordering: .relaxed)
    return "the answer memo is off: a connection to \(name) did not hear a commit announced on \(writeName) "
      + "(a connection pooler in transaction mode, or a logical-replication subscriber as --read-db?); every "
      + "request composes its answer"
  }

  private func connect(to location: StoreLocation) throws -> PostgresCore.Connection {
    do {
      return try location.connectPostgres()
    } catch let error as PostgresError {
      throw StoreUnavailable(description: "the database \(location.name) cannot be opened now: \(error.message)")
    }
  }
}
