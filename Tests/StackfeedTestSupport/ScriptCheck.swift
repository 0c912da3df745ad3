import Foundation

/// One of the repository's Python checks (`scripts/NAME.py`: the browser, gallery, accessibility, text-ink and
/// OpenAPI checks) run to its end with python3, as the suites that gate on ``OptionalTool/python3`` run them.
public struct ScriptCheck {
  /// The script's exit status.
  public let status: Int32
  /// What it wrote on standard output and standard error together: its report.
  public let output: String

  /// Runs `scripts/<name>` with `arguments`. Throws when python3 is missing (the caller's suite requires it).
  public static func run(_ name: String, _ arguments: [String]) throws -> ScriptCheck {
    guard let python = OptionalTool.python3.url else { throw MissingPython() }
    let process = Process()
    process.executableURL = python
    process.arguments = [scripts.appendingPathComponent(name).path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.runUnblocked()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ScriptCheck(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
  }

  /// The repository's `scripts/` folder.
  private static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts")

  /// python3 is not installed.
  struct MissingPython: Error, CustomStringConvertible {
    var description: String { "python3 is not installed (apt-get install python3)" }
  }
}
