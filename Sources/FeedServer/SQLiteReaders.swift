import FeedPlugins
import FeedStore
import SQLiteCore

#if canImport(Glibc)
  import Glibc
#endif

/// The SQLite store for the server: one read connection per worker at a time (kept in a ``ConnectionPool``,
/// so there are at most as many as requests ever ran at once), each page read in one read transaction. With
/// WAL, readers run in parallel with each other and with a writer (`stackfeed seed` in another process) and see
/// the feed either before or after its transaction, never half of it.
///
/// Before each read the file is looked up: when it is missing the read is refused (503), and connections to a
/// file that was replaced (another inode) are dropped, so the server follows the file at its path.
///
/// Each connection keeps an ``AnswerMemo``. A read begins its transaction with `PRAGMA data_version`, which
/// changes on a connection whenever another connection (any process) committed since its previous read
/// (<https://www.sqlite.org/pragma.html#pragma_data_version>), and the memo is emptied when it changed: an
/// answer is only ever served to a read of the version it was made from.
///
/// Writes (``write(_:)``) run on connections of their own, which keep no memo: every commit of theirs is
/// another connection's commit for the readers, so their `data_version` changes and their memos are emptied.
public final class SQLiteReaders: FeedSource, Sendable {
  private struct Reader: @unchecked Sendable {  // a connection is used by one request at a time
    var database: Database
    var file: FileIdentity
    var memo: AnswerMemo
  }

  private struct Writer: @unchecked Sendable {  // a connection is used by one request at a time
    var database: Database
    var file: FileIdentity
  }

  private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The database file.
  public let path: String
  private let registry: PluginRegistry
  private let readers = ConnectionPool<Reader>()
  private let writers = ConnectionPool<Writer>()
  private let memoBytes: Int

  /// Readers of the database at `path`; each connection's memo holds at most `memoBytes` of answers.
  public init(path: String, registry: PluginRegistry, memoBytes: Int = 4 << 20) {
    self.path = path
    self.registry = registry
    self.memoBytes = memoBytes
  }

  /// Runs `body` over one read transaction of the file at ``path``; ``StoreUnavailable`` when the file is
  /// missing, cannot be opened or cannot be read now.
  public func read<T>(_ body: (FeedSnapshot) throws -> T) throws -> T {
    let file = try currentFile()
    func reading(on reader: Reader) throws -> T {
      let database = reader.database
      return try database.read {
        // The first statement of the transaction: it starts the read, so the version is the one every later
        // query of this read sees.
        reader.memo.use(version: try database.queryOne("PRAGMA data_version") { try $0.int64(at: 0) } ?? 0)
        return try body(FeedSnapshot(memo: reader.memo, registry: registry, database: .sqlite(database)))
      }
    }
    do {
      // A connection whose read failed for another reason than a busy database is not used again.
      return try readers.using(
        reusing: { $0.file == file }, opening: { try open(file) },
        brokenBy: { ($0 as? DatabaseError).map { !$0.isBusy } ?? false }, reading)
    } catch let error as DatabaseError {
      throw StoreUnavailable(description: "the database \(path) cannot be read now: \(error.message)")
    }
  }

  /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, waiting up to the busy timeout for another
  /// writer) of the file at ``path``; ``StoreUnavailable`` when it is missing, cannot be opened or stays locked.
  /// A constraint the write breaks is thrown as it is (a plugin checks its rows before writing them).
  public func write<T>(_ body: (StoreConnection) throws -> T) throws -> T {
    let file = try currentFile()
    do {
      return try writers.using(
        reusing: { $0.file == file }, opening: { Writer(database: try open(), file: file) },
        brokenBy: { ($0 as? DatabaseError).map { !$0.isBusy && !$0.isConstraint } ?? false },
        { writer in try writer.database.write { try body(.sqlite(writer.database)) } })
    } catch let error as DatabaseError where !error.isConstraint {
      throw StoreUnavailable(description: "the database \(path) cannot be written now: \(error.message)")
    }
  }

  /// The identity of the file at ``path``; ``StoreUnavailable`` when it is missing.
  private func currentFile() throws -> FileIdentity {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw StoreUnavailable(description: "the database \(path) is missing")
    }
    return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  private func open(_ file: FileIdentity) throws -> Reader {
    Reader(database: try open(), file: file, memo: AnswerMemo(limit: memoBytes))
  }

  private func open() throws -> Database {
    do {
      return try Database(path: path)
    } catch let error as DatabaseError {
      throw StoreUnavailable(description: "the database \(path) cannot be opened now: \(error.message)")
    }
  }
}
