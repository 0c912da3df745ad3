import CPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libpq itself: loaded on the first connection (`libpq.so.5`, Debian `libpq5`), so a machine without it runs
/// every SQLite command and only a PostgreSQL connection needs it.
enum LibPQ {
  /// Loads libpq, or throws `.libraryMissing` saying why it cannot.
  static func load() throws(PostgresError) {
    guard stackfeed_pq_load() == 0 else { return }
    let reason = stackfeed_pq_load_error().map { String(cString: $0) } ?? "cannot load libpq.so.5"
    throw PostgresError(kind: .libraryMissing, message: reason)
  }

  /// `PQconnectdbParams` with `parameters` (nil only when libpq cannot allocate the connection).
  static func connect(_ parameters: [ConnectionTarget.Parameter]) -> OpaquePointer? {
    let keywords = parameters.map { strdup($0.keyword) } + [nil]
    let values = parameters.map { strdup($0.value) } + [nil]
    defer {
      for pointer in keywords + values { free(pointer) }
    }
    return keywords.withUnsafeBufferPointer { keywordPointers in
      values.withUnsafeBufferPointer { valuePointers in
        keywordPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { keywords in
          valuePointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
            stackfeed_pq_connect(keywords.baseAddress, values.baseAddress)
          }
        }
      }
    }
  }
}
