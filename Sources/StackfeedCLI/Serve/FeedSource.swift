import FeedPlugins
import SQLiteCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where the server reads the feed from: a composer over one consistent snapshot per call. Route code sees only
/// this seam (and ``StoreUnavailable``), so another store (e.g. PostgreSQL) is one more conforming type.
protocol FeedSource: Sendable {
  /// Runs `body` with a composer over the feed, formatting in `context`. Throws ``StoreUnavailable`` when the
  /// store cannot be read right now (missing, locked beyond the busy timeout, damaged).
  func read<T>(context: RowContext, _ body: (FeedComposer) throws -> T) throws -> T
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
final class SQLiteReaders: FeedSource, Sendable {
  private struct Reader: @unchecked Sendable {  // a connection is used by one request at a time
    var database: Database
    var file: FileIdentity
  }

  private struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64
  }

  /// The database file.
  let path: String
  private let registry: PluginRegistry
  private let idle = Mutex<[Reader]>([])

  init(path: String, registry: PluginRegistry) {
    self.path = path
    self.registry = registry
  }

  func read<T>(context: RowContext, _ body: (FeedComposer) throws -> T) throws -> T {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw StoreUnavailable(description: "the database \(path) is missing")
    }
    let file = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    let reader = try borrow(for: file)
    do {
      let result = try body(FeedComposer(registry: registry, database: .sqlite(reader.database), context: context))
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
      return Reader(database: try Database(path: path), file: file)
    } catch let error as DatabaseError {
      throw StoreUnavailable(description: "the database \(path) cannot be opened now: \(error.message)")
    }
  }

  private func giveBack(_ reader: Reader) {
    idle.withLock { $0.append(reader) }
  }
}
