import FeedPlugins
import FeedStore
import PostgresCore

/// The PostgreSQL store for the server: one connection per worker at a time (kept in a ``ConnectionPool``),
/// each page read in one `REPEATABLE READ READ ONLY` transaction, so a re-seed committed by another process is
/// seen whole or not at all. A connection the server dropped (restart, failover) is opened again and the read
/// run once more: a read has no effect to repeat, so the answer is right or the request gets a 503, never a
/// wrong page.
///
/// Each connection keeps an ``AnswerMemo``, as on SQLite, and listens on PostgresCore's
/// `Connection.commitChannel`, where every write transaction of the store (any process, any machine) announces
/// its commit. Before each read one round trip without a statement brings the notifications of every commit
/// acknowledged so far (``PostgresReader/version()``): any of them, or a new session, starts a new version, and
/// the memo forgets its answers. An answer is labelled with the version taken before its snapshot, so a commit
/// that snapshot missed is announced after that label and forgets it. A connection that cannot listen (a hot
/// standby, `--read-db`) starts a new version at every read: no memo there. Writes (``write(_:)``) run on
/// connections of their own, and announce their commits like every write.
public final class PostgresReaders: FeedSource, Sendable {
  private struct Writer: @unchecked Sendable {  // a connection is used by one request at a time
    let connection: PostgresCore.Connection
  }

  /// The database's URL (with its password: never printed; `name` is).
  private let url: String
  /// The URL without its password, for messages.
  public let name: String
  private let registry: PluginRegistry
  private let readers = ConnectionPool<PostgresReader>()
  private let writers = ConnectionPool<Writer>()
  private let memoBytes: Int

  /// Readers of the PostgreSQL database at `location`; each connection's memo holds at most `memoBytes` of
  /// answers.
  public init(location: StoreLocation, registry: PluginRegistry, memoBytes: Int = 4 << 20) {
    self.url = location.path
    self.name = location.name
    self.registry = registry
    self.memoBytes = memoBytes
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
    }
  }

  /// One read transaction, run once more on a new session when the connection was lost before or during it.
  private func reading<T>(on reader: PostgresReader, _ body: (FeedSnapshot) throws -> T) throws -> T {
    let connection = reader.connection
    func once() throws -> T {
      let version = try reader.version()
      return try connection.read {
        reader.memo.use(version: version)
        return try body(FeedSnapshot(memo: reader.memo, registry: registry, database: .postgres(connection)))
      }
    }
    do {
      return try once()
    } catch let error as PostgresError where error.isConnectionLost {
      try reader.reconnect()
      return try once()
    }
  }

  /// Runs `body` in one write transaction (READ COMMITTED) on a connection of its own; ``StoreUnavailable``
  /// when the database cannot be reached. Unlike a read, a write is never run again after a lost connection:
  /// it may have committed (an `Idempotency-Key` makes the client's retry safe).
  public func write<T>(_ body: (StoreConnection) throws -> T) throws -> T {
    do {
      return try writers.using(
        opening: { Writer(connection: try connect()) },
        brokenBy: { ($0 as? PostgresError)?.isConnectionProblem ?? false },
        { writer in try writer.connection.write { try body(.postgres(writer.connection)) } })
    } catch let error as PostgresError where error.isBusy {
      throw StoreUnavailable(description: "the database \(name) cannot be written now: \(error.message)")
    }
  }

  private func open() throws -> PostgresReader {
    PostgresReader(connection: try connect(), memo: AnswerMemo(limit: memoBytes))
  }

  private func connect() throws -> PostgresCore.Connection {
    do {
      return try PostgresCore.Connection(url)
    } catch {
      throw StoreUnavailable(description: "the database \(name) cannot be opened now: \(error.message)")
    }
  }
}
