import FeedPlugins
import FeedStore
import SQLiteCore

/// The server's store on SQLite — its read pool, its write pool and its answer memo: read connections (opened
/// read-only) kept in a ``ConnectionPool`` of at most
/// ``StoreLimits/readers`` (one per request running at once; a request finding all in use waits for one, then
/// gets 503), each page read in one read transaction. With WAL, readers run in parallel with each other and with a
/// writer (`stackfeed seed` in another process) and see the feed either before or after its transaction, never
/// half of it.
///
/// Before each write the file is looked up, and before a read unless a read looked it up less than 10 ms ago
/// (``FileLookup``: the reads of a busy server share one `stat`): when it is missing the request is refused (503),
/// and connections to a file that was replaced (another inode) are dropped, so the server follows the file at its
/// path.
///
/// The server's one ``AnswerMemo`` is shared by every connection. A read begins its transaction with
/// `PRAGMA data_version`, which changes on a connection whenever another connection (any process) committed since
/// its previous read (<https://www.sqlite.org/pragma.html#pragma_data_version>); when it did, the read reads the
/// store's change counter (``StoreChanges``) in the same snapshot: moved on, that is "the feed changed" of the
/// memo's generation protocol (``AnswerMemo``), with the counter's value, so every connection that sees one commit
/// agrees on one generation; unmoved, the commits were bookkeeping (the tokens' last uses) and the answers hold.
/// An answer is only ever served to a read of the version of the feed it was made from.
///
/// Writes (``write(_:)``) run on connections of their own (at most ``StoreLimits/writers``), which keep no memo,
/// move the change counter on (`StoreConnection.write`) and leave the WAL's checkpoints to the
/// ``SQLiteCheckpointer``'s thread, on its own connection, while the writes go on — but for the write that takes the
/// log past its bound, which has it started again in its turn (``SQLiteCheckpointer/bound(_:)``).
public final class SQLiteSource: FeedSource, Sendable {
  private final class Reader: @unchecked Sendable {  // a connection is used by one request at a time
    let database: Database
    let file: FileIdentity
    /// `PRAGMA data_version` at the connection's previous read; `nil` before its first.
    var dataVersion: Int64?
    /// The store's change counter (``StoreChanges``) at the connection's previous read.
    var changes: UInt64 = 0

    init(database: Database, file: FileIdentity) {
      self.database = database
      self.file = file
    }
  }

  private struct Writer: @unchecked Sendable {  // a connection is used by one request at a time
    var database: Database
    var file: FileIdentity
  }

  /// The database file.
  public var path: String { location.path }
  private let location: StoreLocation
  private let registry: PluginRegistry
  private let readers: ConnectionPool<Reader>
  private let writers: ConnectionPool<Writer>
  private let memo: AnswerMemo
  /// The file at ``path`` as the reads find it.
  private let readsFile: FileLookup
  /// The WAL's checkpoints, off the writes' turn.
  let checkpointer: SQLiteCheckpointer

  /// The store of the SQLite file at `location`, within `limits` (the memo's budget, the pools' bounds).
  public init(location: StoreLocation, registry: PluginRegistry, limits: StoreLimits = StoreLimits()) {
    self.location = location
    self.registry = registry
    readers = ConnectionPool(limit: limits.readers, wait: limits.wait)
    writers = ConnectionPool(limit: limits.writers, wait: limits.wait)
    memo = AnswerMemo(budget: limits.answerBytes)
    readsFile = FileLookup(path: location.path)
    checkpointer = SQLiteCheckpointer(path: location.path) {
      try location.connectSQLite(readOnly: false, creating: false)
    }
  }

  /// Stops the checkpointer, closes the read connections, then a read-write one: the last connection to close
  /// checkpoints the WAL into the file and removes it (<https://www.sqlite.org/wal.html>), which a read-only
  /// connection cannot do.
  deinit {
    checkpointer.stop()
    readers.dropIdle()
    writers.dropIdle()
    _ = try? open(readOnly: false)
  }

  /// Runs `body` over one read transaction of the file at ``path``; ``StoreUnavailable`` when the file is
  /// missing, cannot be opened or cannot be read now, or no connection was free in time. Every read sees every
  /// commit acknowledged before it (its `PRAGMA data_version`), so a `commit` to see asks for nothing more.
  public func read<T>(seeing commit: UInt64?, _ body: (FeedSnapshot) throws -> T) throws -> T {
    // Step 1 of the memo's protocol: before the file is looked up and before the snapshot.
    let generation = memo.generationBeforeRead()
    let file = try present(readsFile.file())
    func reading(on reader: Reader) throws -> T {
      let database = reader.database
      return try database.read {
        // The first statement of the transaction: it starts the read, so the version is the one every later
        // query of this read sees.
        let version = try database.queryOne("PRAGMA data_version") { try $0.int64(at: 0) } ?? 0
        let answers = memo.answers(forReadFrom: generation, change: try change(on: reader, at: version))
        // The counter `change` read in this snapshot, or at the connection's previous read when no connection
        // committed since (the version unchanged): the snapshot's either way.
        return try body(
          FeedSnapshot(memo: answers, registry: registry, database: .sqlite(database), changes: reader.changes))
      }
    }
    do {
      // A connection whose read failed for another reason than a busy database is not used again.
      return try readers.using(
        reusing: { $0.file == file }, opening: { Reader(database: try open(readOnly: true), file: file) },
        brokenBy: { ($0 as? DatabaseError).map { !$0.isBusy } ?? false }, reading)
    } catch let error as DatabaseError {
      throw StoreUnavailable(description: "the database \(path) cannot be read now: \(error.message)")
    } catch let error as ConnectionPoolExhausted {
      throw StoreUnavailable(error, database: path, reading: true)
    }
  }

  /// What `reader`'s read, whose snapshot has `version` as its `PRAGMA data_version`, learns for step 2 of the
  /// memo's protocol: nothing when no connection committed since its previous read, or only bookkeeping (the
  /// store's change counter stayed); the counter's new value when it moved; unknown on a new connection.
  private func change(on reader: Reader, at version: Int64) throws -> AnswerMemo.Change {
    guard version != reader.dataVersion else { return .none }
    let isFirstRead = reader.dataVersion == nil
    let changes = try StoreChanges.count(in: .sqlite(reader.database))
    defer { (reader.dataVersion, reader.changes) = (version, changes) }
    if isFirstRead { return .unknown }
    return changes == reader.changes ? .none : .counted(changes)
  }

  /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, waiting up to the busy timeout for another
  /// writer) of the file at ``path``; ``StoreUnavailable`` when it is missing, cannot be opened or stays locked.
  /// A constraint the write breaks is thrown as it is (a plugin checks its rows before writing them).
  public func write<T>(_ body: (StoreConnection) throws -> T) throws -> Committed<T> {
    let file = try present(FileIdentity(path: path))
    do {
      return try writers.using(
        reusing: { $0.file == file }, opening: { Writer(database: try openWriter(), file: file) },
        brokenBy: { ($0 as? DatabaseError).map { !$0.isBusy && !$0.isConstraint } ?? false },
        { writer in
          let db = StoreConnection.sqlite(writer.database)
          let written = try db.versionedWrite { try body(db) }
          checkpointer.bound(writer.database)
          return Committed(value: written.value, version: written.version)
        })
    } catch let error as DatabaseError where !error.isConstraint {
      throw StoreUnavailable(description: "the database \(path) cannot be written now: \(error.message)")
    } catch let error as ConnectionPoolExhausted {
      throw StoreUnavailable(error, database: path, reading: false)
    }
  }

  /// Frees the page caches of the connections idle now (``Database/releaseMemory()``): each keeps up to about
  /// 2 MiB of the pages its last reads touched, which a load leaves behind (docs/RELIABILITY.md, "Threads and
  /// memory").
  public func releaseIdleMemory() {
    readers.forEachIdle { $0.database.releaseMemory() }
    writers.forEachIdle { $0.database.releaseMemory() }
  }

  /// `file`, the identity of the file found at ``path``; ``StoreUnavailable`` when none was.
  private func present(_ file: FileIdentity?) throws -> FileIdentity {
    guard let file else {
      throw StoreUnavailable(description: "the database \(path) is missing")
    }
    return file
  }

  /// A write connection to ``path`` whose commits tell the checkpointer the WAL's size instead of checkpointing.
  private func openWriter() throws -> Database {
    let database = try open(readOnly: false)
    database.onCommit { [checkpointer] logPages in checkpointer.committed(logPages: logPages) }
    return database
  }

  /// A connection to ``path``, never creating the file: read-only for the read pool (a read can change nothing,
  /// whatever its SQL), read-write for the write pool.
  private func open(readOnly: Bool) throws -> Database {
    do {
      return try location.connectSQLite(readOnly: readOnly, creating: false)
    } catch let error as DatabaseError {
      throw StoreUnavailable(description: "the database \(path) cannot be opened now: \(error.message)")
    }
  }
}
