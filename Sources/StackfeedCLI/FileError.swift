#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or folder named on the command line cannot be used: missing (exit 66) or failing to read or write
/// (exit 74). The message names the path.
struct FileError: Error, Sendable, CustomStringConvertible {
  /// The sysexits code: ``ExitCode/noInput`` or ``ExitCode/ioError``.
  var code: Int32
  /// `<path>: <problem>`.
  var description: String

  /// A missing input file or folder (66).
  static func missing(_ path: String, _ what: String) -> FileError {
    FileError(code: ExitCode.noInput, description: "\(path): no such \(what)")
  }

  /// A failed system call on `path` (74), with `errno`'s text.
  static func io(_ path: String, _ action: String, errno code: Int32) -> FileError {
    FileError(code: ExitCode.ioError, description: "\(path): cannot \(action): " + reason(errno: code))
  }

  /// The C library's text for the `errno` value `code` (`strerror(3)`: "No space left on device"), the CLI's one
  /// reading of it (C interop: the text is a C string the library owns).
  static func reason(errno code: Int32) -> String {
    String(cString: strerror(code))
  }
}
