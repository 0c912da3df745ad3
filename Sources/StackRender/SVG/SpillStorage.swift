import Foundation

/// Where a ``BodySpill`` keeps parts: appended one after the other, read back by position.
protocol SpillStorage: AnyObject {
  /// Appends the UTF-8 bytes of `part`. Throws when they were not all stored (some may have been).
  func append(_ part: String) throws
  /// The `count` bytes stored at `offset`, as text.
  func read(at offset: Int, count: Int) throws -> String
}

/// An anonymous temporary file (`tmpfile(3)`: it has no name, so the system removes it when it is closed or
/// the process ends, even after `kill -9`), written and read through `FileHandle`.
final class SpillFile: SpillStorage {
  private let handle: FileHandle

  /// Creates the file; throws when the system cannot.
  init() throws {
    guard let stream = tmpfile() else { throw CocoaError(.fileWriteUnknown) }
    // A descriptor of its own keeps the file alive after the C stream is closed.
    let descriptor = dup(fileno(stream))
    fclose(stream)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  func append(_ part: String) throws {
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(part.utf8))
  }

  func read(at offset: Int, count: Int) throws -> String {
    try handle.seek(toOffset: UInt64(offset))
    var bytes = Data()
    while bytes.count < count {
      guard let chunk = try handle.read(upToCount: count - bytes.count), !chunk.isEmpty else {
        throw CocoaError(.fileReadCorruptFile)
      }
      bytes.append(chunk)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
