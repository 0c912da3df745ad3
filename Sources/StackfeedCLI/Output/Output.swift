import JSONCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The reader closed the pipe (`stackfeed list | head -1`): the command stops quietly.
public struct OutputClosed: Error, Sendable {}

/// An output write failed for another reason than a closed pipe (disk full, I/O error).
public struct OutputError: Error, Sendable, CustomStringConvertible {
  /// The `errno` of the failed write.
  public var code: Int32
  /// `cannot write the output: <strerror>`.
  public var description: String {
    "cannot write the output: " + FileError.reason(errno: code)
  }
}

/// A buffered writer to a file descriptor (stdout, stderr or a file in tests): bytes are collected and written
/// in large blocks with `write(2)`. A closed pipe (`EPIPE`) throws ``OutputClosed``.
public final class Output {
  private static let blockSize = 1 << 16
  /// The descriptor written to.
  private let descriptor: Int32
  private var buffer: ByteBuffer

  /// A writer to `descriptor`, e.g. `STDOUT_FILENO`.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    buffer = ByteBuffer(capacity: Output.blockSize + 4096)
  }

  /// True when the descriptor is a terminal (for progress lines).
  public var isTerminal: Bool { isatty(descriptor) == 1 }

  /// Appends `text`; writes out when a block is full.
  public func write(_ text: String) throws {
    buffer.append(text)
    if buffer.count >= Self.blockSize { try flush() }
  }

  /// Appends raw bytes with `body` (for encoders); writes out when a block is full.
  public func append(_ body: (inout ByteBuffer) -> Void) throws {
    body(&buffer)
    if buffer.count >= Self.blockSize { try flush() }
  }

  /// Writes out everything buffered.
  public func flush() throws {
    defer { buffer.removeAll() }
    var offset = 0
    while offset < buffer.count {
      // A short write is rare (a pipe's reader slower than the writer): the rest is copied once.
      let bytes = offset == 0 ? buffer.bytes : Array(buffer.bytes[offset...])
      #if canImport(Glibc)
        let written = Glibc.write(descriptor, bytes, bytes.count)
      #else
        let written = Darwin.write(descriptor, bytes, bytes.count)
      #endif
      if written >= 0 {
        offset += written
      } else if errno == EINTR {
        continue
      } else if errno == EPIPE {
        throw OutputClosed()
      } else {
        throw OutputError(code: errno)
      }
    }
  }
}
