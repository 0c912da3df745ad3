import Foundation
import StackfeedTestSupport

/// A real `stackfeed serve` process on 127.0.0.1 and an ephemeral port, in a temporary folder of its own, and the
/// database most tests serve: a file in that folder, or a fresh PostgreSQL database (`ServerProcess(.postgres)`).
final class ServerProcess {
  /// The `stackfeed` executable built beside the test bundle (`.build/debug/`).
  static let binary: URL = {
    let beside = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("stackfeed")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/stackfeed")
  }()

  /// The example's executable `stackfeed-promo` (Examples/PromoPlugin), built beside `stackfeed`.
  static let promoBinary = binary.deletingLastPathComponent().appendingPathComponent("stackfeed-promo")

  /// The executable this server and its commands run: `stackfeed` unless set.
  var executable = ServerProcess.binary
  /// A bash command run before the server replaces the shell (`exec`), e.g. `ulimit -n 64`; none when nil.
  var shellBeforeServe: String?
  /// The temporary folder (HOME, the data folder, logs); removed at the end.
  let folder: URL
  /// The environment every process of this server gets.
  let environment: [String: String]
  private var process: Process?
  private var logFile: URL
  /// The port the server listens on.
  private(set) var port = 0
  /// The database most tests use (released after the server has stopped).
  let testDatabase: TestDatabase

  /// A folder for a server and a fresh database on `backend`; nothing runs yet.
  init(_ backend: Backend = .sqlite) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("stackfeed-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    testDatabase = try backend.makeDatabase(in: folder)
    environment = [
      "HOME": folder.appendingPathComponent("home").path,
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "PATH": "/usr/bin:/bin", "TZ": "UTC",
    ]
    logFile = folder.appendingPathComponent("serve.log")
  }

  deinit {
    if let process, process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  /// A path inside the folder.
  func path(_ name: String) -> String {
    folder.appendingPathComponent(name).path
  }

  /// The database most tests use, as `--db` takes it: a file path or a PostgreSQL URL.
  var database: String { testDatabase.argument }

  /// Runs `stackfeed arguments…` to the end; returns its exit code and stderr.
  @discardableResult
  func run(_ arguments: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
    let out = folder.appendingPathComponent("out-\(UUID().uuidString)")
    let err = folder.appendingPathComponent("err-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.runUnblocked()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self),
      String(decoding: try Data(contentsOf: err), as: UTF8.self)
    )
  }

  /// Seeds ``database``: the bundled feed when `generate` is 0, else only `generate` synthetic items appended; the
  /// version of the change log after it (the seed's `Stackfeed-Commit`).
  @discardableResult
  func seed(generate: Int = 0) throws -> UInt64 {
    var arguments = ["seed", "--db", database]
    // Generated items only: on a new database, --generate alone would load the reference feed first.
    if generate > 0 { arguments += ["--generate", String(generate), "--no-reference"] }
    let result = try run(arguments)
    guard result.code == 0 else { throw ServerError(text: "seed failed: \(result.stderr)") }
    return UInt64(try testDatabase.query("SELECT n FROM store_changes")) ?? 0
  }

  /// Starts `stackfeed serve --port 0 arguments…` and waits until it prints its URL (or exits).
  func start(_ arguments: [String] = []) throws {
    _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
    let process = Process()
    let serve = ["serve", "--port", "0"] + arguments
    process.executableURL = executable
    process.arguments = serve
    if let shellBeforeServe {
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = ["-c", shellBeforeServe + " && exec \"$0\" \"$@\"", executable.path] + serve
    }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: logFile)
    try process.runUnblocked()
    self.process = process
    // Waits for one of two events: the URL is printed, or the process has ended (then it never will be).
    while true {
      if let range = log.range(of: "serving http://127.0.0.1:") {
        let digits = log[range.upperBound...].prefix { $0.isNumber }
        port = Int(digits) ?? 0
        return
      }
      guard process.isRunning else { throw ServerError(text: "serve exited: \(log)") }
      usleep(10_000)
    }
  }

  /// The running server's process id, if it runs.
  var processIdentifier: Int32? {
    process.map { $0.processIdentifier }
  }

  /// Everything the server wrote on stderr so far.
  var log: String {
    (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
  }

  /// Waits for the server to exit by itself; returns the exit code.
  func exitCode() -> Int32 {
    guard let process else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Sends `signal` and waits for the exit; returns the exit code.
  func stop(signal: Int32 = SIGTERM) -> Int32 {
    guard let process else { return -1 }
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// A request to this server.
  func get(_ target: String, method: String = "GET", headers: [String] = []) throws -> HTTPReply {
    try HTTPClient.request(port: port, method: method, target: target, headers: headers)
  }

  /// A request with `body` (its `Content-Length` added; `Content-Type: application/json` unless `headers` give
  /// a `Content-Type`).
  func send(_ method: String, _ target: String, body: [UInt8], headers: [String] = []) throws -> HTTPReply {
    let type = headers.contains { $0.lowercased().hasPrefix("content-type:") } ? [] : ["Content-Type: application/json"]
    return try HTTPClient.request(
      port: port, method: method, target: target, headers: headers + type + ["Content-Length: \(body.count)"],
      body: body)
  }
}

extension ServerProcess: CheckedFeedAPI {
  /// The reply to `GET target` with `headers`, over a socket.
  func answer(_ target: String, headers: [(String, String)]) throws -> any CheckedAnswer {
    try get(target, headers: headers.map { "\($0.0): \($0.1)" })
  }
}

struct ServerError: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}
