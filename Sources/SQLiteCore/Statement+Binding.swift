import CSQLite

/// Binding parameters (<https://www.sqlite.org/c3ref/bind_blob.html>). Indices are 1-based, as in SQLite.
/// Every bind copies its bytes (`SQLITE_TRANSIENT`), so the Swift value need not outlive the call.
extension Statement {
  /// Binds `arguments` to parameters 1…n; their number must match `parameterCount`.
  public func bind(_ arguments: [SQLValue]) throws {
    guard arguments.count == parameterCount else {
      throw DatabaseError(
        code: SQLITE_RANGE,
        message: "the statement takes \(parameterCount) argument(s), \(arguments.count) given", sql: sql)
    }
    for (offset, value) in arguments.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value of any storage class to parameter `index`.
  public func bind(_ value: SQLValue, at index: Int32) throws {
    switch value {
    case .null: try bindNull(at: index)
    case .integer(let integer): try bind(integer, at: index)
    case .real(let real): try bind(real, at: index)
    case .text(let text): try bind(text, at: index)
    case .blob(let bytes): try bind(bytes, at: index)
    }
  }

  /// Binds text. A native Swift string's UTF-8 storage is passed without an intermediate copy.
  public func bind(_ value: String, at index: Int32) throws {
    var text = value
    let code = text.withUTF8 { utf8 -> Int32 in
      guard let base = utf8.baseAddress, !utf8.isEmpty else {
        // A nil pointer would bind NULL; an empty string must stay an empty TEXT.
        return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
      }
      return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
        sqlite3_bind_text(handle, index, $0, Int32(utf8.count), sqliteTransient)
      }
    }
    try check(code)
  }

  /// Binds text, or NULL when `value` is nil.
  public func bind(_ value: String?, at index: Int32) throws {
    if let value { try bind(value, at: index) } else { try bindNull(at: index) }
  }

  /// Binds a 64-bit integer.
  public func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds an integer.
  public func bind(_ value: Int, at index: Int32) throws {
    try bind(Int64(value), at: index)
  }

  /// Binds a double.
  public func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value))
  }

  /// Binds bytes as a BLOB (an empty array stays an empty BLOB, not NULL).
  public func bind(_ value: [UInt8], at index: Int32) throws {
    let code = value.withUnsafeBytes { bytes -> Int32 in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
      return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), sqliteTransient)
    }
    try check(code)
  }

  /// Binds NULL.
  public func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  private func check(_ code: Int32) throws {
    try connection.check(code, sql: sql)
  }
}
