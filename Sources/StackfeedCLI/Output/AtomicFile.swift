#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written in full or not at all: the bytes go to a temporary file beside `path`, which replaces `path`
/// (a `rename(2)`, atomic on one file system) only on ``commit()``. ``discard()`` removes the temporary file,
/// so an error never leaves a half-written `path`.
///
///     let file = try AtomicFile(path: "feed.svg")
///     do { try file.output.write(svg); try file.commit() } catch { file.discard(); throw error }
///     try AtomicFile.write(svg, to: "feed.svg")   // the same, for a text made whole first
final class AtomicFile {
  /// Writes `text` to `path` whole, or leaves `path` as it was.
  static func write(_ text: String, to path: String) throws {
    let file = try AtomicFile(path: path)
    do {
      try file.output.write(text)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// The file to replace.
  let path: String
  /// The temporary file being written.
  let temporaryPath: String
  /// The writer to the temporary file.
  let output: Output
  private var descriptor: Int32

  /// Creates the temporary file `.<name>.XXXXXX` in `path`'s folder, with the permissions a new file gets.
  init(path: String) throws(FileError) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array((folder + "." + name + ".XXXXXX").utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw FileError.io(path, "be written", errno: errno) }
    let mask = umask(0)
    umask(mask)
    fchmod(descriptor, 0o666 & ~mask)
    self.descriptor = descriptor
    temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    output = Output(descriptor: descriptor)
  }

  deinit {
    discard()
  }

  /// Writes out what is buffered, syncs, and renames the temporary file to `path`.
  func commit() throws {
    try output.flush()
    guard fsync(descriptor) == 0 else { throw FileError.io(path, "be written", errno: errno) }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else { throw FileError.io(path, "be written", errno: errno) }
    guard rename(temporaryPath, path) == 0 else { throw FileError.io(path, "be replaced", errno: errno) }
  }

  /// Closes and removes the temporary file (nothing happens after ``commit()``).
  func discard() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
    unlink(temporaryPath)
  }
}
