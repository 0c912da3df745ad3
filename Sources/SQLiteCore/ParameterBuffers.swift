import CSQLite

/// `SQLITE_STATIC`: SQLite uses the bound bytes in place, without copying them
/// (<https://www.sqlite.org/c3ref/c_static.html>); they must stay valid until the parameter is bound again.
let sqliteStatic: sqlite3_destructor_type? = nil

/// One reusable text buffer per parameter of a statement: one allocation, made on first use and freed with the
/// statement.
///
/// Binding a short text copies it here and binds it with `SQLITE_STATIC`, instead of `SQLITE_TRANSIENT`, which
/// makes SQLite allocate, copy and free a buffer on every bind: a bulk insert binds millions of texts.
final class ParameterBuffers {
  /// Texts up to this many bytes are copied into the parameter's buffer; longer ones are copied by SQLite.
  static let reusableLimit = 256
  private let parameterCount: Int
  private var storage: UnsafeMutableRawPointer?

  init(parameterCount: Int) {
    self.parameterCount = parameterCount
  }

  deinit {
    storage?.deallocate()
  }

  /// The buffer of 1-based parameter `index` (``reusableLimit`` bytes), or nil when there is no such parameter.
  func buffer(for index: Int32) -> UnsafeMutableRawPointer? {
    let slot = Int(index) - 1
    guard slot >= 0, slot < parameterCount else { return nil }
    if let storage { return storage + slot * Self.reusableLimit }
    let allocated = UnsafeMutableRawPointer.allocate(byteCount: parameterCount * Self.reusableLimit, alignment: 8)
    storage = allocated
    return allocated + slot * Self.reusableLimit
  }
}
