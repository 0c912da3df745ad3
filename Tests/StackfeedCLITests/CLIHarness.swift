import Foundation
import StackfeedTestSupport

/// Runs the built `stackfeed` binary in a temporary HOME, with files for stdout and stderr.
final class CLIHarness {
  struct Result {
    var code: Int32
    var stdout: String
    var stderr: String
    /// True when a signal ended the process (a crash, a trap); `code` is then the signal's number.
    var signaled = false
  }

  /// The `stackfeed` executable built beside the test bundle (`.build/debug/`).
  static let binary: URL = {
    let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("stackfeed")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return repository.appendingPathComponent(".build/debug/stackfeed")
  }()

  /// The example executable `stackfeed-promo` (Examples/PromoPlugin), built beside `stackfeed`.
  static let promoBinary = binary.deletingLastPathComponent().appendingPathComponent("stackfeed-promo")

  /// The repository's root folder (docs, seeds, scripts).
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  let folder: URL
  var environment: [String: String]
  /// The databases made for this harness's test (`database(_:file:)`): PostgreSQL ones are dropped with it.
  var databases: [TestDatabase] = []

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("stackfeed-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "HOME": folder.appendingPathComponent("home").path,
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "PATH": "/usr/bin:/bin",
    ]
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// A path inside the temporary folder.
  func path(_ name: String) -> String {
    folder.appendingPathComponent(name).path
  }

  /// The embedded default database of this HOME.
  var defaultDatabase: String { path("data/stackfeed/stackfeed.sqlite") }

  /// Writes a seed folder from JSON texts and returns its path.
  func seedFolder(_ name: String, _ files: [String: String]) throws -> String {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (file, text) in files {
      try Data(text.utf8).write(to: url.appendingPathComponent(file))
    }
    return url.path
  }

  /// Runs `stackfeed arguments…` (or another executable) and waits for it.
  func run(_ arguments: [String], executable: URL = CLIHarness.binary) throws -> Result {
    let id = UUID().uuidString
    let out = folder.appendingPathComponent("out-\(id)")
    let err = folder.appendingPathComponent("err-\(id)")
    try Data().write(to: out)
    try Data().write(to: err)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.runUnblocked()
    process.waitUntilExit()
    return Result(
      code: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self),
      signaled: process.terminationReason == .uncaughtSignal)
  }

  /// Runs a shell pipeline (`bash -o pipefail -c script`) with `$BIN` set to the binary.
  func shell(_ script: String) throws -> Result {
    var saved = environment
    saved["BIN"] = CLIHarness.binary.path
    swap(&saved, &environment)
    defer { swap(&saved, &environment) }
    return try run(["-o", "pipefail", "-c", script], executable: URL(fileURLWithPath: "/bin/bash"))
  }

}
