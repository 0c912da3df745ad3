#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a ``BodySpill`` keeps parts: appended one after the other, read back by position.
protocol SpillStorage: AnyObject {
  /// Appends the UTF-8 bytes of `part`. Throws when they were not all stored (some may have been).
  func append(_ part: String) throws
  /// The `count` bytes stored at `offset`, as text.
  func read(at offset: Int, count: Int) throws -> String
}

/// An anonymous temporary file (`tmpfile(3)`: it has no name, so the system removes it when it is closed or
/// the process ends, even after `kill -9`), written with `write(2)` and read back with `pread(2)` through its
/// descriptor (plain system calls: `FileHandle` would make StackRender, and so every `stackfeed` command,
/// load Foundation).
final class SpillFile: SpillStorage {
  /// A spill file could not be made, written or read back: the action and the system's reason.
  struct Failure: Error, CustomStringConvertible {
    let description: String

    /// The failure of `action` now, with `errno`'s reason (a short read has none: `reason` says so).
    init(_ action: String, reason: String? = nil) {
      description = action + ": " + (reason ?? String(cString: strerror(errno)))
    }
  }

  private let descriptor: Int32

  /// Creates the file; throws when the system cannot.
  init() throws {
    guard let stream = tmpfile() else { throw Failure("tmpfile") }
    // A descriptor of its own keeps the file alive after the C stream is closed.
    let descriptor = dup(fileno(stream))
    fclose(stream)
    guard descriptor >= 0 else { throw Failure("dup") }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  func append(_ part: String) throws {
    let bytes = Array(part.utf8)
    guard lseek(descriptor, 0, SEEK_END) >= 0, write(descriptor, bytes, bytes.count) == bytes.count else {
      throw Failure("write")
    }
  }

  func read(at offset: Int, count: Int) throws -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    while bytes.count < count {
      var chunk = [UInt8](repeating: 0, count: count - bytes.count)
      let got = pread(descriptor, &chunk, chunk.count, off_t(offset + bytes.count))
      guard got > 0 else { throw Failure("pread", reason: got == 0 ? "the file ended early" : nil) }
      bytes += chunk[..<got]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
