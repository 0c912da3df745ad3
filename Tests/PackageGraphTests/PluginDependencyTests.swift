import Foundation
import StackfeedTestSupport
import Testing

/// No core module depends on a row kind (docs/DESIGN.md, "Modules and who may import whom"; the rule "no core
/// module imports a plugin module"), neither directly nor through another target. A plugin module is a target
/// whose sources conform a type to `RowPlugin` (BuiltInPlugins, Examples' PromoPlugin, and any added later); the
/// ones that may depend on it are the host (StackfeedCLI: `Stackfeed.main(plugins:)` runs the built-in kinds
/// plus more), executables, tests and their helpers, and other plugin modules.
@Suite("No core module depends on a plugin module")
struct PluginDependencyTests {
  /// The one library that may run row kinds: the command line's host.
  static let host = "StackfeedCLI"

  /// Whether a Swift source declares a type (or an extension) conforming to `RowPlugin`; comments (the protocol's
  /// own examples) do not count.
  static func declaresRowPlugin(_ source: String) -> Bool {
    let code = source.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    return code.joined(separator: "\n").contains(
      /(struct|class|enum|actor|extension)\s+\w+(<[^>]*>)?\s*:[^{]*\bRowPlugin\b/)
  }

  /// The modules of `targets` that declare a row kind.
  static func pluginModules(_ targets: [PackageTarget]) throws -> Set<String> {
    var plugins: Set<String> = []
    for target in targets where target.type == "regular" {
      let files = SwiftImports.swiftFiles(under: PackageTarget.root.appendingPathComponent(target.folder))
      if try files.contains(where: { declaresRowPlugin(try String(contentsOf: $0, encoding: .utf8)) }) {
        plugins.insert(target.module)
      }
    }
    return plugins
  }

  /// The core targets: libraries outside `Tests/` that are neither the host nor a plugin module.
  static func coreTargets(_ targets: [PackageTarget], plugins: Set<String>) -> [PackageTarget] {
    targets.filter {
      $0.type == "regular" && !$0.folder.hasPrefix("Tests/") && $0.module != host && !plugins.contains($0.module)
    }
  }

  /// One sentence for each core target that depends on a plugin module, with the path of dependencies to it.
  static func problems(_ targets: [PackageTarget], plugins: Set<String>) -> [String] {
    let dependencies = Dictionary(targets.map { ($0.module, $0.dependencies) }) { first, _ in first }
    return coreTargets(targets, plugins: plugins).compactMap { target in
      // Breadth first: the shortest path to a plugin module.
      var paths: [[String]] = [[target.module]]
      var seen: Set<String> = [target.module]
      while !paths.isEmpty {
        let path = paths.removeFirst()
        for next in (dependencies[path[path.count - 1]] ?? []).sorted() where seen.insert(next).inserted {
          if plugins.contains(next) {
            let through = path.count > 1 ? " (through \(path.dropFirst().joined(separator: " → ")))" : ""
            return "\(target.name) depends on the plugin module \(next)\(through)"
          }
          paths.append(path + [next])
        }
      }
      return nil
    }
  }

  @Test("no core module of Package.swift depends on BuiltInPlugins or another plugin module")
  func noCoreModuleDependsOnAPluginModule() throws {
    let targets = try PackageTarget.all()
    let plugins = try Self.pluginModules(targets)
    let problems = Self.problems(targets, plugins: plugins)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // Not blind: the row kinds were found, and the server and the store are among the modules checked.
    #expect(plugins == ["BuiltInPlugins", "PromoPlugin"])
    let core = Set(Self.coreTargets(targets, plugins: plugins).map(\.name))
    #expect(core.isSuperset(of: ["FeedServer", "FeedOptions", "FeedPlugins", "FeedStore", "SQLCore"]), "\(core)")
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var targets: [PackageTarget]
    var expected: [String]
    var testDescription: String { name }
  }

  static func target(_ name: String, type: String = "regular", folder: String? = nil, _ dependencies: String...)
    -> PackageTarget
  {
    PackageTarget(
      name: name, type: type, folder: folder ?? "Sources/\(name)", dependencies: Set(dependencies), excluded: [])
  }

  static let cases: [Case] = [
    Case(
      name: "a direct dependency",
      targets: [target("FeedServer", "FeedPlugins", "BuiltInPlugins"), target("FeedPlugins")],
      expected: ["FeedServer depends on the plugin module BuiltInPlugins"]),
    Case(
      name: "a dependency through another core module",
      targets: [target("FeedServer", "FeedOptions"), target("FeedOptions", "FeedStore", "PromoPlugin")],
      expected: [
        "FeedServer depends on the plugin module PromoPlugin (through FeedOptions)",
        "FeedOptions depends on the plugin module PromoPlugin",
      ]),
    Case(
      name: "the host, executables, tests, test helpers and plugins may",
      targets: [
        target("StackfeedCLI", "BuiltInPlugins"), target("stackfeed", type: "executable", "StackfeedCLI"),
        target("FeedServerTests", type: "test", folder: "Tests/FeedServerTests", "BuiltInPlugins"),
        target("StackfeedTestSupport", folder: "Tests/StackfeedTestSupport", "PromoPlugin"),
        target("PromoPlugin", folder: "Examples/PromoPlugin", "BuiltInPlugins"),
      ],
      expected: []),
  ]

  @Test("a core target reaching a plugin module is reported with the path to it; the others are not", arguments: cases)
  func reportsCoreTargetsReachingPlugins(_ test: Case) {
    #expect(Self.problems(test.targets, plugins: ["BuiltInPlugins", "PromoPlugin"]) == test.expected)
  }

  @Test(arguments: [
    ("public struct HeaderPlugin: RowPlugin {", true),
    ("struct Banner: Sendable,\n  RowPlugin\n{", true),
    ("extension Legacy: RowPlugin {}", true),
    ("public final class Cached<Base>: RowPlugin {", true),
    ("public protocol RowPlugin: SeedLoader {", false),
    ("///     struct BannerPlugin: RowPlugin {", false),
    ("struct Registry {\n  let plugins: [any RowPlugin]\n}", false),
    ("func wrap<P: RowPlugin>(_ plugin: P) {}", false),
  ])
  func aPluginModuleIsOneThatConformsATypeToRowPlugin(source: String, declares: Bool) {
    #expect(Self.declaresRowPlugin(source) == declares)
  }
}
