import Foundation
import StackfeedTestSupport
import Testing

/// The release `stackfeed` links FoundationEssentials only, statically (docs/DEVELOPING.md, "The release build"):
/// a module it links that imports all of Foundation makes it autolink FoundationInternationalization, whose ICU
/// symbols the static link cannot find, and `swift build -c release` fails (it did, after ChangeStreams imported
/// Foundation for `Thread`; debug builds and tests, linked dynamically, did not notice). So `import Foundation`
/// appears only as the fallback of `#if canImport(FoundationEssentials)` in `Sources/`, but in the benchmark
/// harness (`stackfeed-bench`, linked dynamically, which needs Foundation's formatters).
@Suite("The release command imports FoundationEssentials, not Foundation")
struct FoundationImportTests {
  /// One sentence for each `import Foundation` of `source` (named `file`) that is not the `#else` of
  /// `#if canImport(FoundationEssentials)`.
  static func problems(in source: String, file: String) -> [String] {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    return SwiftImports.imports(inSource: source).filter { $0.module == "Foundation" }.compactMap { found in
      let directives = lines[..<(found.line - 1)].filter { $0.hasPrefix("#") }
      let fallback =
        directives.last == "#else"
        && directives.dropLast().last(where: { $0.hasPrefix("#if") }) == "#if canImport(FoundationEssentials)"
      return fallback ? nil : "\(file):\(found.line) imports Foundation outside #if canImport(FoundationEssentials)"
    }
  }

  @Test(
    "a guarded import passes; a plain one is named",
    arguments: [
      ("#if canImport(FoundationEssentials)\n  import FoundationEssentials\n#else\n  import Foundation\n#endif\n", 0),
      ("import Dispatch\nimport Foundation\n", 1),
      ("#if canImport(Foundation)\n  import Foundation\n#endif\n", 1),
    ])
  func rule(source: String, problems: Int) {
    #expect(Self.problems(in: source, file: "F.swift").count == problems)
  }

  @Test("no source the release command links imports all of Foundation")
  func linkedSources() throws {
    let root = PackageTarget.root
    let files = SwiftImports.swiftFiles(under: root.appendingPathComponent("Sources")).filter {
      !$0.path.contains("/Sources/stackfeed-bench/")
    }
    #expect(files.count > 100)
    let problems = try files.flatMap { file in
      Self.problems(
        in: try String(contentsOf: file, encoding: .utf8),
        file: String(file.path.dropFirst(root.path.count + 1)))
    }
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
