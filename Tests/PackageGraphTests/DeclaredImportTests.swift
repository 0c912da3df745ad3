import Foundation
import StackfeedTestSupport
import Testing

/// Every import of one of the package's own modules is a `dependencies:` entry of the importing target in
/// Package.swift (docs/DESIGN.md). SwiftPM builds a target's transitive dependencies before it and lets it see
/// their modules, so an undeclared import compiles today and breaks when the graph changes; this finds it.
/// The targets come from `swift package dump-package` (SwiftPM's own reading of Package.swift).
@Suite("Package.swift declares every import")
struct DeclaredImportTests {
  /// One target as Package.swift declares it.
  struct Target: Sendable {
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
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The package's targets, read by `swift package dump-package` (in a scratch folder of its own, so it never
  /// waits for the build folder of the `swift test` that runs this).
  static func targets() throws -> [Target] {
    let swift = try #require(OptionalTool.swift.url)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = swift
    process.arguments = ["package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
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
      return Target(
        name: name, type: type,
        folder: target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name,
        dependencies: Set(dependencies.compactMap { $0 as? String }.map(Target.moduleName)),
        excluded: target["exclude"] as? [String] ?? [])
    }
  }

  /// One sentence for each import in `file` (of `target`) of a package module the target does not declare.
  static func undeclared(
    _ imports: [SwiftImports.Import], in file: String, of target: Target, packageModules: Set<String>
  ) -> [String] {
    imports.filter { packageModules.contains($0.module) && $0.module != target.module }
      .filter { !target.dependencies.contains($0.module) }
      .map { "\(file):\($0.line): imports \($0.module), which target \(target.name) does not declare in Package.swift" }
  }

  @Test("every import of a package module in Sources/, Examples/ and Tests/ is a dependency of its target")
  func everyImportIsDeclared() throws {
    let targets = try Self.targets()
    let packageModules = Set(targets.map(\.module))
    var problems: [String] = []
    var checked = 0
    for target in targets where target.type != "system" {
      let folder = Self.root.appendingPathComponent(target.folder)
      for file in SwiftImports.swiftFiles(under: folder) {
        let path = String(file.path.dropFirst(folder.path.count + 1))
        guard !target.excluded.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
        let imports = try SwiftImports.imports(in: file)
        checked += imports.filter { packageModules.contains($0.module) }.count
        problems += Self.undeclared(
          imports, in: target.folder + "/" + path, of: target, packageModules: packageModules)
      }
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // Not blind: the manifest was read whole, and the sources import many package modules.
    let sourceFolders = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Sources").path)
    for folder in sourceFolders {
      #expect(targets.contains { $0.folder == "Sources/" + folder }, "Sources/\(folder) is no target's folder")
    }
    #expect(targets.contains { $0.folder.hasPrefix("Examples/") })
    #expect(checked > 100, "only \(checked) imports of package modules found")
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var source: String
    var dependencies: Set<String>
    var expected: [String]
    var testDescription: String { source.replacingOccurrences(of: "\n", with: "; ") }
  }

  static let cases: [Case] = [
    Case(source: "import FeedStore", dependencies: ["FeedStore"], expected: []),
    Case(
      source: "import Foundation\nimport SQLiteCore", dependencies: ["FeedStore"],
      expected: ["X/A.swift:2: imports SQLiteCore, which target Plugin does not declare in Package.swift"]),
    Case(source: "@testable import Plugin\nimport Glibc", dependencies: [], expected: []),
    Case(source: "import stackfeed_promo", dependencies: ["stackfeed_promo"], expected: []),
    Case(
      source: "#if canImport(FeedStore)\n  public import struct FeedStore.Seeder\n#endif", dependencies: [],
      expected: ["X/A.swift:2: imports FeedStore, which target Plugin does not declare in Package.swift"]),
  ]

  @Test("an undeclared import of a package module is reported with its file and line; others are not", arguments: cases)
  func reportsUndeclaredImports(_ test: Case) {
    let target = Target(
      name: "Plugin", type: "regular", folder: "X", dependencies: test.dependencies, excluded: [])
    let packageModules: Set<String> = ["Plugin", "FeedStore", "SQLiteCore", "stackfeed_promo"]
    let imports = SwiftImports.imports(inSource: test.source)
    #expect(Self.undeclared(imports, in: "X/A.swift", of: target, packageModules: packageModules) == test.expected)
  }
}
