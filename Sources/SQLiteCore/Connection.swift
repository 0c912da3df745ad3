import CSQLite

/// Owns one `sqlite3*` handle; closed when the last `Database` or `Statement` using it goes away.
///
/// `sqlite3_close_v2` (<https://www.sqlite.org/c3ref/close.html>) keeps the connection alive as a "zombie"
/// until every statement is finalized, so the order in which the owners are released does not matter.
final class Connection {
  let handle: OpaquePointer
  /// What `Database.onCommit(_:)` registered, kept alive as long as the handle.
  var commitHandler: CommitHandler?

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// The error for a result code that was just returned on this connection.
  func error(_ code: Int32, sql: String?) -> DatabaseError {
    let message = sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error"
    // sqlite3_errmsg describes the latest call; prefer the returned code's own text when they disagree.
    let extended = sqlite3_extended_errcode(handle)
    if extended != code, let generic = sqlite3_errstr(code) {
      return DatabaseError(code: code, message: String(cString: generic), sql: sql)
    }
    return DatabaseError(code: code, message: message, sql: sql)
  }

  /// Throws unless `code` is `SQLITE_OK`.
  func check(_ code: Int32, sql: String?) throws {
    if code != SQLITE_OK { throw error(code, sql: sql) }
  }

  /// True outside an explicit transaction (<https://www.sqlite.org/c3ref/get_autocommit.html>).
  var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the bind call returns
/// (<https://www.sqlite.org/c3ref/c_static.html>). The C macro is `((sqlite3_destructor_type)-1)`.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
