import SQLCore

/// Arguments laid out for libpq: text format (the server infers each parameter's type from the statement), blobs
/// in binary format, NULL as a null pointer (<https://www.postgresql.org/docs/current/libpq-exec.html>).
///
/// Numbers are sent as their decimal text; a double keeps every bit (Swift prints the shortest text that reads
/// back as the same double; infinities and NaN are spelled as PostgreSQL reads them).
struct Parameters {
  /// Every value's bytes, one after another, text values NUL-terminated.
  private var storage: [UInt8] = []
  /// Where each value starts in `storage`, or nil for NULL.
  private var offsets: [Int?] = []
  private var lengths: [Int32] = []
  private var formats: [Int32] = []

  init(_ arguments: [SQLValue], sql: String) throws(PostgresError) {
    offsets.reserveCapacity(arguments.count)
    for (index, argument) in arguments.enumerated() {
      switch argument {
      case .null: append(nil, format: 0)
      case .integer(let value): append(text: String(value))
      case .real(let value): append(text: Parameters.text(of: value))
      case .text(let value):
        guard !value.utf8.contains(0) else {
          throw PostgresError(
            kind: .misuse, message: "argument \(index + 1) holds a NUL character, which PostgreSQL text cannot store",
            sql: sql)
        }
        append(text: value)
      case .blob(let bytes): append(bytes, format: 1)
      }
    }
  }

  /// The number of arguments.
  var count: Int { offsets.count }

  private mutating func append(text: String) {
    append(Array(text.utf8) + [0], format: 0)
  }

  private mutating func append(_ bytes: [UInt8]?, format: Int32) {
    guard let bytes else {
      offsets.append(nil)
      lengths.append(0)
      formats.append(format)
      return
    }
    offsets.append(storage.count)
    lengths.append(Int32(format == 0 ? bytes.count - 1 : bytes.count))
    formats.append(format)
    storage += bytes
  }

  /// How PostgreSQL's `float8in` reads back `value` exactly.
  private static func text(of value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    return "\(value)"
  }

  /// Calls `body` with libpq's `nParams`, `paramValues`, `paramLengths` and `paramFormats`, valid during the call.
  func withArrays<T>(
    _ body: (
      Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?
    ) throws -> T
  ) rethrows -> T {
    // A final NUL keeps the storage non-empty, so an empty blob (a zero-length value, not NULL) points somewhere.
    try (storage + [0]).withUnsafeBufferPointer { bytes in
      let values: [UnsafePointer<CChar>?] = offsets.map { offset in
        guard let offset, let base = bytes.baseAddress else { return nil }
        return UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
      }
      return try values.withUnsafeBufferPointer { values in
        try lengths.withUnsafeBufferPointer { lengths in
          try formats.withUnsafeBufferPointer { formats in
            try body(Int32(count), values.baseAddress, lengths.baseAddress, formats.baseAddress)
          }
        }
      }
    }
  }
}
