import CSQLite

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One connection to a SQLite database file (<https://www.sqlite.org/c3ref/sqlite3.html>).
///
/// Opening configures the connection the same way every time: extended result codes, a 5 s busy timeout,
/// WAL journal, `synchronous=NORMAL` and foreign keys on. A connection is used from one thread at a time;
/// open one per thread or process.
///
///     let db = try Database(path: "/tmp/feed/stackfeed.sqlite")   // creates /tmp/feed/ and the file
///     try db.write { try db.execute("INSERT INTO item (id) VALUES (?)", ["a1"]) }
///     let count = try db.queryOne("SELECT count(*) FROM item") { try $0.int(at: 0) }
public final class Database {
  /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
  public static let busyTimeoutMilliseconds: Int32 = 5000

  /// The path the database was opened at (`:memory:` for an in-memory database).
  public let path: String
  /// True when opened read-only.
  public let isReadOnly: Bool
  let connection: Connection
  var statementCache: [String: Statement] = [:]

  /// Opens (creating if needed) the database at `path`, and its parent folder.
  ///
  /// Throws a `DatabaseError` when the folder or file cannot be created (`isCantOpen`) or when the file is
  /// not a SQLite database (`isNotADatabase`, `isCorrupt`): the file's schema is read once at open.
  public convenience init(path: String) throws {
    try self.init(path: path, readOnly: false)
  }

  /// Opens the database at `path`; read-only opens neither create the file nor change its journal mode, and
  /// without `creating` a missing file (or folder) is an error (`isCantOpen`) instead of a new empty database.
  public init(path: String, readOnly: Bool, creating: Bool = true) throws {
    Database.configureLibrary
    let creates = creating && !readOnly
    if creates, path != ":memory:" { try Database.createParentFolder(of: path) }
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (creates ? SQLITE_OPEN_CREATE : 0))
      | SQLITE_OPEN_NOMUTEX
    var handle: OpaquePointer?
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard let handle else {
      throw DatabaseError(code: SQLITE_NOMEM, message: "cannot allocate a connection for \(path)")
    }
    // Even a failed open returns a handle that must be closed (https://www.sqlite.org/c3ref/open.html):
    // the Connection owns it from here on.
    let connection = Connection(handle: handle)
    if code != SQLITE_OK {
      let error = connection.error(code, sql: nil)
      throw DatabaseError(code: error.code, message: "\(error.message): \(path)")
    }
    self.connection = connection
    self.path = path
    self.isReadOnly = readOnly
    try configure()
  }

  /// SQLite's process-wide settings, made once before its first connection opens: no count of its memory
  /// (`SQLITE_CONFIG_MEMSTATUS` off, as SQLite's recommended options have it,
  /// <https://www.sqlite.org/compile.html#recommended_compile_time_options>), so that each of its allocations and
  /// frees, about a hundred in a page's read, takes no mutex shared by every connection of the process. Nothing
  /// here reads those counts (`sqlite3_memory_used`, `sqlite3_status64`, heap limits). When SQLite was started
  /// before, by other code in the process, the setting is refused and SQLite counts as before.
  private static let configureLibrary: Void = { _ = stackfeed_sqlite3_config_memstatus_off() }()

  /// A private, empty in-memory database (journal mode `memory` instead of WAL).
  public static func inMemory() throws -> Database {
    try Database(path: ":memory:")
  }

  private static func createParentFolder(of path: String) throws {
    // Most opens find the folder there: one access(2) call on every command.
    guard let folder = parentFolder(of: path), access(folder, F_OK) != 0 else { return }
    guard makeFolder(folder) else {
      throw DatabaseError(
        code: SQLITE_CANTOPEN, message: "cannot create the folder \(folder) for the database \(path)")
    }
  }

  /// The folder part of `path`; nil for a file in the current folder or in `/`.
  private static func parentFolder(of path: String) -> String? {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
    return String(path[..<slash])
  }

  /// `mkdir -p`: creates `folder` and its missing parents; true when it exists afterwards.
  private static func makeFolder(_ folder: String) -> Bool {
    if access(folder, F_OK) == 0 { return true }
    if let parent = parentFolder(of: folder), !makeFolder(parent) { return false }
    return mkdir(folder, 0o777) == 0 || errno == EEXIST
  }

  private func configure() throws {
    let handle = connection.handle
    // https://www.sqlite.org/c3ref/extended_result_codes.html and https://www.sqlite.org/c3ref/busy_timeout.html
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Database.busyTimeoutMilliseconds)
    do {
      try retryingWhileBusy {
        // Reading the schema makes a file that is not a database fail here, not at its first use.
        try executeScript("SELECT count(*) FROM sqlite_schema")
        // https://www.sqlite.org/wal.html — persistent; switching needs an exclusive lock, hence the retry.
        if !isReadOnly { try executeScript("PRAGMA journal_mode=WAL") }
        // https://www.sqlite.org/pragma.html#pragma_synchronous — NORMAL is durable enough in WAL mode.
        try executeScript("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
      }
    } catch let error as DatabaseError {
      throw DatabaseError(code: error.code, message: "\(error.message): \(path)", sql: error.sql)
    }
  }

  /// Runs `body` again (at most `attempts` times in all) while it fails with `SQLITE_BUSY` before the busy
  /// timeout has passed since the first attempt.
  ///
  /// The busy handler already waits up to the busy timeout; SQLite still returns `SQLITE_BUSY` at once in
  /// some cases (WAL recovery, journal mode changes, see <https://www.sqlite.org/c3ref/busy_handler.html>).
  /// A lock held beyond the timeout fails after about the timeout, not after one timeout per attempt.
  func retryingWhileBusy<T>(attempts: Int = 4, _ body: () throws -> T) throws -> T {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int(Database.busyTimeoutMilliseconds))
    var attempt = 1
    while true {
      do {
        return try body()
      } catch let error as DatabaseError where error.isBusy && attempt < attempts && clock.now < deadline {
        sqlite3_sleep(Int32(50 * attempt))
        attempt += 1
      }
    }
  }

  /// Rows changed by the latest INSERT, UPDATE or DELETE (<https://www.sqlite.org/c3ref/changes.html>).
  public var changes: Int { Int(sqlite3_changes64(connection.handle)) }

  /// True inside `write`, `read` or an explicit `BEGIN`.
  public var isInTransaction: Bool { !connection.isAutocommit }

  /// Frees the pages of this connection's page cache that nothing uses now
  /// (<https://www.sqlite.org/c3ref/db_release_memory.html>): a connection kept open between loads gives back
  /// what the last load read, and reads the pages again (from the system's file cache) when it needs them.
  public func releaseMemory() {
    sqlite3_db_release_memory(connection.handle)
  }

  /// The bytes this connection's page cache holds now (`SQLITE_DBSTATUS_CACHE_USED`,
  /// <https://www.sqlite.org/c3ref/c_dbstatus_options.html>).
  public var cacheBytes: Int {
    var current: Int32 = 0
    var highest: Int32 = 0
    sqlite3_db_status(connection.handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
    return Int(current)
  }
}
