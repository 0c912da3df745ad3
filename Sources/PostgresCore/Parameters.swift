import SQLCore

/// Arguments laid out for libpq: text format (the server infers each parameter's type from the statement), blobs
/// in binary format, NULL as a null pointer (<https://www.postgresql.org/docs/current/libpq-exec.html>).
///
/// Numbers are sent as their decimal text; a double keeps every bit (Swift prints the shortest text that reads
/// back as the same double; infinities and NaN are spelled as PostgreSQL reads them).
struct Parameters {
  /// Every value's bytes, one after another, each followed by a NUL (text values are C strings); never empty, so
  /// that an empty blob (a zero-length value, not NULL) points somewhere.
  private var storage: [UInt8] = []
  /// Each value's place in `storage`, or nil for NULL.
  private var values: [Value?] = []
  /// True when a value is in binary format (a blob): only then does libpq need lengths and formats (it reads a
  /// text value up to its NUL).
  private var hasBinary = false

  /// Where one value is in `storage`.
  private struct Value {
    var offset: Int
    var length: Int32
    var isBinary: Bool
  }

  init(_ arguments: [SQLValue], sql: String) throws(PostgresError) {
    values.reserveCapacity(arguments.count)
    for (index, argument) in arguments.enumerated() {
      switch argument {
      case .null: values.append(nil)
      case .integer(let value): append(String(value).utf8, isBinary: false)
      case .real(let value): append(Parameters.text(of: value).utf8, isBinary: false)
      case .text(let value):
        guard !value.utf8.contains(0) else {
          throw PostgresError(
            kind: .misuse, message: "argument \(index + 1) holds a NUL character, which PostgreSQL text cannot store",
            sql: sql)
        }
        append(value.utf8, isBinary: false)
      case .blob(let bytes): append(bytes, isBinary: true)
      }
    }
    storage.append(0)
  }

  /// The number of arguments.
  var count: Int { values.count }

  private mutating func append(_ bytes: some Collection<UInt8>, isBinary: Bool) {
    values.append(Value(offset: storage.count, length: Int32(bytes.count), isBinary: isBinary))
    hasBinary = hasBinary || isBinary
    storage.append(contentsOf: bytes)
    storage.append(0)
  }

  /// How PostgreSQL's `float8in` reads back `value` exactly.
  private static func text(of value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    return "\(value)"
  }

  /// Calls `body` with libpq's `nParams`, `paramValues`, `paramLengths` and `paramFormats`, valid during the call
  /// (lengths and formats nil when every value is text: libpq then reads each as a C string).
  func withArrays<T>(
    _ body: (
      Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
    ) throws -> T
  ) rethrows -> T {
    try storage.withUnsafeBytes { bytes in
      try withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: count) { pointers in
        for (index, value) in values.enumerated() {
          let start = value.flatMap { bytes.baseAddress?.advanced(by: $0.offset) }
          pointers.initializeElement(at: index, to: start?.assumingMemoryBound(to: CChar.self))
        }
        guard hasBinary else { return try body(Int32(count), pointers.baseAddress, nil, nil) }
        let lengths = values.map { $0?.length ?? 0 }
        let formats = values.map { Int32($0?.isBinary == true ? 1 : 0) }
        return try body(Int32(count), pointers.baseAddress, lengths, formats)
      }
    }
  }
}
