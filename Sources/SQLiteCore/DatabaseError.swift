import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the SQL that was running.
///
/// Every result code other than `SQLITE_OK`, `SQLITE_ROW` and `SQLITE_DONE` becomes one of these at once.
/// `code` is the extended result code (<https://www.sqlite.org/rescode.html#extrc>); `primaryCode` is its low
/// byte, the primary result code the `is…` helpers test.
///
///     do { try db.execute("INSERT INTO item (id) VALUES (?)", ["a1"]) } catch let error as DatabaseError {
///       if error.isConstraint { … }
///     }
public struct DatabaseError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
  public let code: Int32
  /// SQLite's message (`sqlite3_errmsg`), or ours for errors the wrapper detects.
  public let message: String
  /// The SQL being prepared or run, when there was one.
  public let sql: String?

  /// Creates an error; `code` is a SQLite (extended) result code.
  public init(code: Int32, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The primary result code: the low 8 bits of `code` (<https://www.sqlite.org/rescode.html>).
  public var primaryCode: Int32 { code & 0xFF }

  /// `SQLITE_BUSY` or `SQLITE_LOCKED`: another connection held the lock beyond the busy timeout.
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
  /// `SQLITE_CONSTRAINT`: a UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint failed.
  public var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }
  /// `SQLITE_CORRUPT`: the file is damaged.
  public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT }
  /// `SQLITE_NOTADB`: the file is not a SQLite database.
  public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
  /// `SQLITE_READONLY`: a write to a read-only database or file.
  public var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
  /// `SQLITE_CANTOPEN`: the file (or its folder) could not be opened or created.
  public var isCantOpen: Bool { primaryCode == SQLITE_CANTOPEN }
  /// `SQLITE_MISMATCH`: a column held another storage class than the one read (see `Row`).
  public var isMismatch: Bool { primaryCode == SQLITE_MISMATCH }
  /// `SQLITE_MISUSE` or `SQLITE_RANGE`: the wrapper was called wrongly (wrong argument count, two statements…).
  public var isMisuse: Bool { primaryCode == SQLITE_MISUSE || primaryCode == SQLITE_RANGE }

  /// One sentence: the message, SQLite's name for the code, and the SQL, e.g.
  /// `near "SELEC": syntax error (SQLite error 1: SQL logic error) in: SELEC 1`.
  public var description: String {
    let name = sqlite3_errstr(code).map { String(cString: $0) } ?? "unknown error"
    var text = "\(message) (SQLite error \(code): \(name))"
    if let sql { text += " in: \(sql)" }
    return text
  }
}
