import Foundation
import StackfeedTestSupport
import Testing

/// One target as Package.swift declares it, read by `swift package dump-package` (SwiftPM's own reading of the
/// manifest): what the package-graph tests check.
struct PackageTarget: Sendable {
  var name: String
  /// SwiftPM's target type: `regular`, `executable`, `test`, `system`, …
  var type: String
  /// The source folder, relative to the package root.
  var folder: String
  /// The module names of its declared dependencies.
  var dependencies: Set<String>
  /// Paths inside `folder` that are not sources.
  var excluded: [String]

  /// The module name code imports (an executable's `-` is `_`).
  var module: String { Self.moduleName(name) }

  static func moduleName(_ name: String) -> String { name.replacingOccurrences(of: "-", with: "_") }

  /// The package root, found from this file: Tests/PackageGraphTests/PackageTarget.swift.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The package's targets, read by `swift package dump-package` (in a scratch folder of its own, so it never
  /// waits for the build folder of the `swift test` that runs this).
  static func all() throws -> [PackageTarget] {
    let swift = try #require(OptionalTool.swift.url)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = swift
    process.arguments = ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    try process.runUnblocked()
    let json = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "swift package dump-package failed")
    let package = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let targets = try #require(package["targets"] as? [[String: Any]])
    return try targets.map { target in
      let name = try #require(target["name"] as? String)
      let type = try #require(target["type"] as? String)
      // Each dependency is {"byName" | "target" | "product": [name, …]}.
      let dependencies = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap { $0.values.first?.first }
      return PackageTarget(
        name: name, type: type,
        folder: target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name,
        dependencies: Set(dependencies.compactMap { $0 as? String }.map(PackageTarget.moduleName)),
        excluded: target["exclude"] as? [String] ?? [])
    }
  }
}
