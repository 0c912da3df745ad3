import CSQLite
import SQLCore

/// Binding parameters (<https://www.sqlite.org/c3ref/bind_blob.html>). Indices are 1-based, as in SQLite; for SQL
/// written with `$1`, `$2`, … index N binds `$N`, wherever it stands.
/// The Swift value need not outlive the call: text is copied into a buffer the statement owns (short texts) or
/// by SQLite (`SQLITE_TRANSIENT`), blobs by SQLite.
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

  /// Binds text. The UTF-8 bytes are copied once into a buffer the statement keeps for this parameter and
  /// reuses on the next bind (see ``bind(utf8:at:)``), so binding row after row allocates nothing.
  public func bind(_ value: String, at index: Int32) throws {
    var text = value
    try text.withUTF8 { try bind(utf8: UnsafeRawBufferPointer($0), at: index) }
  }

  /// Binds UTF-8 bytes as text, e.g. an id formatted into a reused array; `bytes` need not outlive the call.
  ///
  /// Short texts (up to ``ParameterBuffers/reusableLimit`` bytes) are copied into a buffer this statement owns
  /// for parameter `index` and bound with `SQLITE_STATIC`: SQLite reads them in place until the parameter is
  /// bound again, and the buffer is reused, so a bulk insert does no allocation per row. Longer texts are bound
  /// with `SQLITE_TRANSIENT` (SQLite copies them).
  public func bind(utf8 bytes: Span<UInt8>, at index: Int32) throws {
    try bytes.withUnsafeBytes { try bind(utf8: $0, at: index) }
  }

  /// The Span overload's work, on the bytes' memory, which SQLite's C interface takes.
  func bind(utf8 bytes: UnsafeRawBufferPointer, at index: Int32) throws {
    let index = parameterIndex(index)
    guard let source = bytes.baseAddress, !bytes.isEmpty else {
      // A nil pointer would bind NULL; an empty string must stay an empty TEXT.
      return try check(sqlite3_bind_text(handle, index, "", 0, sqliteTransient))
    }
    guard bytes.count <= ParameterBuffers.reusableLimit else {
      let code = sqlite3_bind_text(
        handle, index, source.assumingMemoryBound(to: CChar.self), Int32(bytes.count), sqliteTransient)
      return try check(code)
    }
    // While a row is pending its values may point into the buffer: refuse before changing it (SQLite would
    // refuse the bind anyway, https://www.sqlite.org/c3ref/bind_blob.html).
    guard sqlite3_stmt_busy(handle) == 0 else {
      throw DatabaseError(code: SQLITE_MISUSE, message: "cannot bind while the statement runs; reset it", sql: sql)
    }
    guard let buffer = buffers.buffer(for: index) else {
      throw DatabaseError(code: SQLITE_RANGE, message: "no parameter \(index)", sql: sql)
    }
    buffer.copyMemory(from: UnsafeRawPointer(source), byteCount: bytes.count)
    let code = sqlite3_bind_text(
      handle, index, buffer.assumingMemoryBound(to: CChar.self), Int32(bytes.count), sqliteStatic)
    try check(code)
  }

  /// Binds text, or NULL when `value` is nil.
  public func bind(_ value: String?, at index: Int32) throws {
    if let value { try bind(value, at: index) } else { try bindNull(at: index) }
  }

  /// Binds a 64-bit integer.
  public func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, parameterIndex(index), value))
  }

  /// Binds an integer.
  public func bind(_ value: Int, at index: Int32) throws {
    try bind(Int64(value), at: index)
  }

  /// Binds a double.
  public func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, parameterIndex(index), value))
  }

  /// Binds bytes as a BLOB (an empty array stays an empty BLOB, not NULL).
  public func bind(_ value: [UInt8], at index: Int32) throws {
    let index = parameterIndex(index)
    let code = value.withUnsafeBytes { bytes -> Int32 in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
      return sqlite3_bind_blob(handle, index, base, Int32(bytes.count), sqliteTransient)
    }
    try check(code)
  }

  /// Binds NULL.
  public func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, parameterIndex(index)))
  }

  private func check(_ code: Int32) throws {
    try connection.check(code, sql: sql)
  }
}
