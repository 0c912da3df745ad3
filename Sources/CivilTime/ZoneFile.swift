#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the files of the time zone database with the C library's `open`, `read` and `readlink`: this module
/// does not import Foundation, so that an app can import it for nothing but its arithmetic.
enum ZoneFile {
  /// The bytes of the file at `path`; nil when it cannot be read (missing, a folder, not readable).
  static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count == 0 { return bytes }
      if count < 0 {
        guard errno == EINTR else { return nil }
        continue
      }
      bytes += chunk[..<count]
    }
  }

  /// Where the symbolic link at `path` points, as written in the link; nil when `path` is not a link.
  static func linkTarget(of path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)  // PATH_MAX
    let count = readlink(path, &buffer, buffer.count)
    guard count > 0, count < buffer.count else { return nil }
    return String(decoding: buffer[..<count], as: UTF8.self)
  }
}
