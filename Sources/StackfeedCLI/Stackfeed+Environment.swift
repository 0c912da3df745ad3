#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Stackfeed {
  /// The process environment, read straight from `environ`: `ProcessInfo.processInfo.environment` costs
  /// about a third of a short command's own work (`list --limit 20` on a large feed).
  public static func processEnvironment() -> [String: String] {
    var environment: [String: String] = Dictionary(minimumCapacity: 128)
    #if canImport(Glibc)
      var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    #else
      var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
    #endif
    while let pointer = entry?.pointee {
      if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
        let name = UnsafeRawBufferPointer(start: pointer, count: pointer.distance(to: equals))
        let value = UnsafeRawBufferPointer(start: equals + 1, count: strlen(equals + 1))
        environment[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
      }
      entry = entry?.advanced(by: 1)
    }
    return environment
  }
}
