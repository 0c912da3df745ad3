import FeedPlugins
import FeedStore
import PostgresCore
import SQLiteCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where the server reads the feed from: one consistent snapshot per call. Route code sees only this seam (and
/// ``StoreUnavailable``), so another store (e.g. PostgreSQL) is one more conforming type.
protocol FeedSource: Sendable {
  /// Runs `body` over one snapshot of the feed (one read transaction). Throws ``StoreUnavailable`` when the
  /// store cannot be read right now (missing, locked beyond the busy timeout, damaged).
  func read<T>(_ body: (FeedSnapshot) throws -> T) throws -> T
}

/// One read of the feed: every composer made from it sees the same version of the feed, and ``memo`` holds
/// only answers made from that same version.
struct FeedSnapshot {
  /// The answers made earlier from the version of the feed this read sees.
  let memo: AnswerMemo
  private let registry: PluginRegistry
  private let database: StoreConnection

  init(memo: AnswerMemo, registry: PluginRegistry, database: StoreConnection) {
    self.memo = memo
    self.registry = registry
    self.database = database
  }

  /// A composer over this snapshot, formatting in `context`.
  func composer(context: RowContext) -> FeedComposer {
    FeedComposer(registry: registry, database: database, context: context)
  }
}

/// The store cannot answer now; the server answers 503 with `Retry-After` and keeps serving.
struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
  /// One sentence naming the database and the reason.
  var description: String
}

/// The SQLite store for the server: one read connection per worker at a time (kept in a pool, so there are at
/// most as many as requests ever ran at once), each page read in one read transaction. With WAL, readers run
/// in parallel with each other and with a writer (`stackfeed seed` in another process) and see the feed either
/// before or after its transaction, never half of it.
///
/// Before each read the file is looked up: when it is missing the read is refused (503), and connections to a
/// file that was replaced (another inode) are dropped, so the server follows the file at its path.
///
/// Each connection keeps an ``AnswerMemo``. A read begins its transaction with `PRAGMA data_version`, which
/// changes on a connection whenever another connection (any process) committed since its previous read
/// (<https://www.sqlite.org/pragma.html#pragma_data_version>), and the memo is emptied when it changed: an
/// answer is only ever served to a read of the version it was made from.
final class SQLiteReaders: FeedSource, Sendable {
  private struct Reader: @unchecked Sendable {  // a connection is used by one request at a time
    var database: Database
    var file: FileIdentity
    var memo: AnswerMemo
  }

  private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The database file.
  let path: String
  private let registry: PluginRegistry
  private let idle = Mutex<[Reader]>([])
  private let memoBytes: Int

  /// Readers of the database at `path`; each connection's memo holds at most `memoBytes` of answers.
  init(path: String, registry: PluginRegistry, memoBytes: Int = 4 << 20) {
    self.path = path
    self.registry = registry
    self.memoBytes = memoBytes
  }

  func read<T>(_ body: (FeedSnapshot) throws -> T) throws -> T {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw StoreUnavailable(description: "the database \(path) is missing")
    }
    let file = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    let reader = try borrow(for: file)
    do {
      let database = reader.database
      let result = try database.read {
        // The first statement of the transaction: it starts the read, so the version is the one every later
        // query of this read sees.
        reader.memo.use(version: try database.queryOne("PRAGMA data_version") { try $0.int64(at: 0) } ?? 0)
        return try body(FeedSnapshot(memo: reader.memo, registry: registry, database: .sqlite(database)))
      }
      giveBack(reader)
      return result
    } catch let error as DatabaseError {
      if error.isBusy { giveBack(reader) }
      throw StoreUnavailable(description: "the database \(path) cannot be read now: \(error.message)")
    } catch {
      giveBack(reader)
      throw error
    }
  }

  private func borrow(for file: FileIdentity) throws -> Reader {
    let pooled = idle.withLock { idle in
      idle.removeAll { $0.file != file }
      return idle.popLast()
    }
    if let pooled { return pooled }
    do {
      return Reader(database: try Database(path: path), file: file, memo: AnswerMemo(limit: memoBytes))
    } catch let error as DatabaseError {
      throw StoreUnavailable(description: "the database \(path) cannot be opened now: \(error.message)")
    }
  }

  private func giveBack(_ reader: Reader) {
    idle.withLock { $0.append(reader) }
  }
}

/// The PostgreSQL store for the server: one connection per worker at a time (kept in a pool), each page read in
/// one `REPEATABLE READ READ ONLY` transaction, so a re-seed committed by another process is seen whole or not at
/// all. A connection the server dropped (restart, failover) is opened again and the read run once more: a read
/// has no effect to repeat, so the answer is right or the request gets a 503, never a wrong page.
///
/// PostgreSQL has no cheap counterpart of SQLite's `PRAGMA data_version`, so every read starts its memo afresh
/// (a new version each time): answers are never remembered across reads here.
final class PostgresReaders: FeedSource, Sendable {
  private final class Reader: @unchecked Sendable {  // a connection is used by one request at a time
    let connection: PostgresCore.Connection
    let memo: AnswerMemo
    var reads: Int64 = 0

    init(connection: PostgresCore.Connection, memo: AnswerMemo) {
      self.connection = connection
      self.memo = memo
    }
  }

  /// The database's URL (with its password: never printed; `name` is).
  private let url: String
  /// The URL without its password, for messages.
  let name: String
  private let registry: PluginRegistry
  private let idle = Mutex<[Reader]>([])

  init(location: StoreLocation, registry: PluginRegistry) {
    self.url = location.path
    self.name = location.name
    self.registry = registry
  }

  func read<T>(_ body: (FeedSnapshot) throws -> T) throws -> T {
    let reader = try borrow()
    do {
      let result = try reading(on: reader, body)
      giveBack(reader)
      return result
    } catch let error as PostgresError {
      if !error.isConnectionProblem { giveBack(reader) }
      if error.isBusy {
        throw StoreUnavailable(description: "the database \(name) cannot be read now: \(error.message)")
      }
      throw error
    }
  }

  /// One read transaction, run once more on a new session when the connection was lost before or during it.
  private func reading<T>(on reader: Reader, _ body: (FeedSnapshot) throws -> T) throws -> T {
    let connection = reader.connection
    func once() throws -> T {
      try connection.read {
        reader.reads += 1
        reader.memo.use(version: reader.reads)
        return try body(FeedSnapshot(memo: reader.memo, registry: registry, database: .postgres(connection)))
      }
    }
    do {
      return try once()
    } catch let error as PostgresError where error.isConnectionLost {
      try connection.reconnect()
      return try once()
    }
  }

  private func borrow() throws -> Reader {
    if let pooled = idle.withLock({ $0.popLast() }) { return pooled }
    do {
      return Reader(connection: try PostgresCore.Connection(url), memo: AnswerMemo(limit: 0))
    } catch {
      throw StoreUnavailable(description: "the database \(name) cannot be opened now: \(error.message)")
    }
  }

  private func giveBack(_ reader: Reader) {
    idle.withLock { $0.append(reader) }
  }
}
