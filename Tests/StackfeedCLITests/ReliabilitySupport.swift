import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Helpers the reliability tests share: permission-limited runs, file fingerprints, one-line errors.
extension CLIHarness {
  /// Whether file modes bind this process's children: true for a normal user; for root only through
  /// `setpriv`, which drops the capabilities that let root ignore modes (`CAP_DAC_OVERRIDE`,
  /// `CAP_DAC_READ_SEARCH`) from the child's bounding set.
  static let canHonourFileModes: Bool =
    getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  /// Runs `stackfeed arguments…` so that file modes apply to it, even when the tests run as root.
  func runHonouringFileModes(_ arguments: [String]) throws -> Result {
    guard getuid() == 0 else { return try run(arguments) }
    return try run(
      ["--bounding-set=-dac_override,-dac_read_search", CLIHarness.binary.path] + arguments,
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
  }

  /// The bytes of every file whose name starts with the database's (the file, `-wal`, `-shm`), by name.
  func fingerprint(_ database: String) throws -> [String: Data] {
    let url = URL(fileURLWithPath: database)
    let folder = url.deletingLastPathComponent()
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasPrefix(url.lastPathComponent) {
      files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return files
  }

  /// Sets or clears a file's mode bits.
  func setMode(_ mode: Int, of path: String) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
  }
}

extension CLIHarness.Result {
  /// True when stderr is exactly one line, `stackfeed: ` followed by `message`. In a message with `…`, the
  /// pieces between the `…` must appear in order, the first right after `stackfeed: `, anything in between.
  func saysOnce(_ message: String) -> Bool {
    guard stderr.hasSuffix("\n"), stderr.filter({ $0 == "\n" }).count == 1 else { return false }
    var rest = Substring(stderr.dropLast())
    for (index, piece) in message.components(separatedBy: "…").enumerated() where index == 0 || !piece.isEmpty {
      guard let found = rest.range(of: index == 0 ? "stackfeed: " + piece : piece) else { return false }
      if index == 0 && found.lowerBound != rest.startIndex { return false }
      rest = rest[found.upperBound...]
    }
    return message.hasSuffix("…") || rest.isEmpty
  }

  /// True when the process exited by itself: no signal (a trap is SIGILL or SIGTRAP), no shell-reported
  /// signal status (128 + N).
  var endedNormally: Bool { !signaled && code < 128 }
}
