import Foundation
import Testing

/// Issue 10: the example kind (Examples/PromoPlugin) is a plugin outside the core. These read the sources: the
/// example imports only modules the package ships as library products, never `@testable`, and the core has
/// no `package`/`@_spi` back door (so public API is all a target of this package sees, as an outside package
/// would) and never mentions the example's kind.
@Suite struct ExampleIsolationTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every `.swift` file under `folder` (relative to the package root) with its text.
  static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { path in
      (folder + "/" + path, try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
    }
  }

  static var manifest: String {
    get throws { try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8) }
  }

  /// The library products of Package.swift: what an outside package could depend on.
  static var libraryProducts: Set<String> {
    get throws {
      Set(try manifest.matches(of: /\.library\(name: "(\w+)"/).map { String($0.1) })
    }
  }

  @Test func theExampleImportsOnlyLibraryProductsAndNeverTestable() throws {
    let products = try Self.libraryProducts
    #expect(products.isSuperset(of: ["FeedPlugins", "FeedStore", "SQLiteCore", "StackLayout", "StackfeedCLI"]))
    let files = try Self.swiftFiles(under: "Examples")
    #expect(files.count >= 6)
    for file in files {
      #expect(!file.text.contains("@testable"), "\(file.path) uses @testable")
      #expect(!file.text.contains("@_spi"), "\(file.path) uses @_spi")
      for match in file.text.matches(of: /(?m)^import (\w+)/) {
        let module = String(match.1)
        let own = ["PromoPlugin", "Foundation"].contains(module)
        #expect(own || products.contains(module), "\(file.path) imports \(module), which is not a library product")
      }
    }
  }

  @Test func theExampleTargetsDependOnlyOnLibraryProducts() throws {
    let products = try Self.libraryProducts
    let manifest = try Self.manifest
    for target in ["PromoPlugin", "stackfeed-promo"] {
      let declaration = try #require(
        manifest.firstMatch(of: try Regex("name: \"\(target)\", dependencies: \\[([^\\]]*)\\]")))
      let names = (declaration.output[1].substring ?? "").matches(of: /"([\w-]+)"/).map { String($0.1) }
      #expect(!names.isEmpty)
      for name in names where name != "PromoPlugin" {
        #expect(products.contains(name), "\(target) depends on \(name), which is not a library product")
      }
    }
  }

  @Test func theCoreHasNoBackDoorAndNeverNamesTheExampleKind() throws {
    let files = try Self.swiftFiles(under: "Sources")
    #expect(files.count > 100)
    for file in files {
      #expect(
        !file.text.contains(
          /(?m)^\s*(@\w+\s+)*package\s+(func|var|let|struct|class|enum|init|protocol|extension|static)\b/),
        "\(file.path) declares package-level API")
      #expect(!file.text.contains("@_spi"), "\(file.path) uses @_spi")
      #expect(!file.text.contains(/(?i)promo(?!t)/), "\(file.path) mentions the example's promo kind")
    }
    let bundled = try FileManager.default.subpathsOfDirectory(
      atPath: Self.root.appendingPathComponent("Migrations").path)
    #expect(bundled.contains { $0.hasSuffix(".sql") } && !bundled.contains { $0.contains("promo") })
  }
}
