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
/// The server's one ``AnswerMemo`` is shared by every connection, as on SQLite. Each connection listens on
/// PostgresCore's `Connection.commitChannel`, where every write transaction of the store (any process, any
/// machine) announces its commit, and before each read one round trip without a statement brings the
/// notifications of every commit acknowledged so far (``ListeningConnection/change()``): a commit's, numbered
/// by the store's change counter (a write announces it), is a counted change of the memo's generation protocol,
/// so one commit makes one generation whatever the number of connections; one without a number, or a new
/// session, is a change of unknown commit. Asked before the read's snapshot. A
/// connection that cannot listen (a hot standby, `--read-db`) reads without the memo. Writes (``write(_:)``) run
/// on connections of their own, to the database itself even when the feed is read from a replica (a hot standby
/// refuses writes), and announce their commits like every write. Reads and writes each have a
/// bounded pool (``StoreLimits``): a request finding all its pool's connections in use waits for one, then gets
/// 503; the listening is done on the read connections themselves (no connection of its own).
public final class PostgresSource: FeedSource, Sendable {
  private struct Writer: @unchecked Sendable {  // a connection is used by one request at a time
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
  private let readers: ConnectionPool<ListeningConnection>
  private let writers: ConnectionPool<Writer>
  private let memo: AnswerMemo
  /// False once ``checkMemo()`` found that a read connection does not hear the commits: no read uses the memo.
  private let hearsCommits = Atomic(true)

  /// The store of the PostgreSQL database at `location`, within `limits` (the memo's budget, the pools' bounds);
  /// writes go to `writeLocation` (e.g. the primary of the replica `location` names), by default the same.
  public init(
    location: StoreLocation, writeLocation: StoreLocation? = nil, registry: PluginRegistry,
    limits: StoreLimits = StoreLimits()
  ) {
    self.location = location
    self.writeLocation = writeLocation ?? location
    self.registry = registry
    readers = ConnectionPool(limit: limits.readers, wait: limits.wait)
    writers = ConnectionPool(limit: limits.writers, wait: limits.wait)
    memo = AnswerMemo(budget: limits.answerBytes)
  }

  /// Runs `body` over one read transaction of the database; ``StoreUnavailable`` when it cannot be reached or
  /// read now.
  public func read<T>(_ body: (FeedSnapshot) throws -> T) throws -> T {
    do {
      // A connection with a connection problem is not used again.
      return try readers.using(
        opening: open, brokenBy: { ($0 as? PostgresError)?.isConnectionProblem ?? false },
        { reader in try reading(on: reader, body) })
    } catch let error as PostgresError where error.isBusy {
      throw StoreUnavailable(description: "the database \(name) cannot be read now: \(error.message)")
    } catch let error as ConnectionPoolExhausted {
      throw StoreUnavailable(error, database: name, reading: true)
    }
  }

  /// One read transaction, run once more on a new session when the connection was lost before or during it
  /// (`Connection.retryingOnceOnConnectionLoss`); each run follows the memo's protocol from its step 1.
  private func reading<T>(on reader: ListeningConnection, _ body: (FeedSnapshot) throws -> T) throws -> T {
    let connection = reader.connection
    let hears = hearsCommits.load(ordering: .relaxed)
    return try connection.retryingOnceOnConnectionLoss {
      let generation = memo.generationBeforeRead()
      if !hears { try reader.ignoreCommits() }
      let change = hears ? try reader.change() : nil
      let answers = change.flatMap { memo.answers(forReadFrom: generation, change: $0) }
      return try connection.read {
        try body(FeedSnapshot(memo: answers, registry: registry, database: .postgres(connection)))
      }
    }
  }

  /// Runs `body` in one write transaction (READ COMMITTED) on a connection of its own; ``StoreUnavailable``
  /// when the database cannot be reached. Unlike a read, a write is never run again after a lost connection:
  /// it may have committed (an `Idempotency-Key` makes the client's retry safe).
  public func write<T>(_ body: (StoreConnection) throws -> T) throws -> T {
    try onPrimary(writing: true) { db in try db.write { try body(db) } }
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
        opening: { Writer(connection: try connect(to: writeLocation)) },
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
    guard memo.budget > 0 else { return nil }
    let heard = try? readers.using(opening: open) { reader in
      try reader.hears {
        try writers.using(opening: { Writer(connection: try connect(to: writeLocation)) }) { writer in
          try writer.connection.write {}
        }
      }
    }
    guard heard == false else { return nil }
    hearsCommits.store(false, ordering: .relaxed)
    return "the answer memo is off: a connection to \(name) did not hear a commit announced on \(writeName) "
      + "(a connection pooler in transaction mode, or a logical-replication subscriber as --read-db?); every "
      + "request composes its answer"
  }

  private func open() throws -> ListeningConnection {
    ListeningConnection(connection: try connect(to: location))
  }

  private func connect(to location: StoreLocation) throws -> PostgresCore.Connection {
    do {
      return try location.connectPostgres()
    } catch let error as PostgresError {
      throw StoreUnavailable(description: "the database \(location.name) cannot be opened now: \(error.message)")
    }
  }
}
