import Foundation
import StackfeedTestSupport
import Testing

/// Every import of one of the package's own modules is a `dependencies:` entry of the importing target in
/// Package.swift (docs/DESIGN.md). SwiftPM builds a target's transitive dependencies before it and lets it see
/// their modules, so an undeclared import compiles today and breaks when the graph changes; this finds it.
/// The targets come from `swift package dump-package` (``PackageTarget/all()``).
@Suite("Package.swift declares every import")
struct DeclaredImportTests {
  /// One sentence for each import in `file` (of `target`) of a package module the target does not declare.
  static func undeclared(
    _ imports: [SwiftImports.Import], in file: String, of target: PackageTarget, packageModules: Set<String>
  ) -> [String] {
    imports.filter { packageModules.contains($0.module) && $0.module != target.module }
      .filter { !target.dependencies.contains($0.module) }
      .map { "\(file):\($0.line): imports \($0.module), which target \(target.name) does not declare in Package.swift" }
  }

  @Test("every import of a package module in Sources/, Examples/ and Tests/ is a dependency of its target")
  func everyImportIsDeclared() throws {
    let targets = try PackageTarget.all()
    let packageModules = Set(targets.map(\.module))
    var problems: [String] = []
    var checked = 0
    for target in targets where target.type != "system" {
      let folder = PackageTarget.root.appendingPathComponent(target.folder)
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
      atPath: PackageTarget.root.appendingPathComponent("Sources").path)
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
    let target = PackageTarget(
      name: "Plugin", type: "regular", folder: "X", dependencies: test.dependencies, excluded: [])
    let packageModules: Set<String> = ["Plugin", "FeedStore", "SQLiteCore", "stackfeed_promo"]
    let imports = SwiftImports.imports(inSource: test.source)
    #expect(Self.undeclared(imports, in: "X/A.swift", of: target, packageModules: packageModules) == test.expected)
  }
}
