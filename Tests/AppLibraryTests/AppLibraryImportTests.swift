import Foundation
import StackfeedTestSupport
import Testing

/// FeedModels, FeedViewModels and StackLayout are the libraries an iOS app imports, with the CivilTime and
/// JSONCore they bring along (docs/LIBRARIES.md; `platforms:` in Package.swift). Linux cannot compile for iOS, so this checks what it can in
/// their sources: every import is one an iOS 18 app has, and no standard-library API newer than iOS 18 is
/// named. A new import in one of these modules fails here until it is added to the table (and is known to
/// exist on iOS at the declared minimum).
@Suite("App libraries")
struct AppLibraryImportTests {
  /// The modules an app imports and what each may import. A Linux-only module is accepted only under
  /// `#if canImport(…)` of itself, and only where the module it stands for on iOS is allowed
  /// (``linuxStandIns``).
  static let allowedImports: [(module: String, imports: Set<String>)] = [
    ("StackLayout", ["Synchronization", "JSONCore"]),
    ("JSONCore", []),
    ("CivilTime", ["Darwin"]),
    ("FeedModels", ["Foundation"]),
    ("FeedViewModels", ["FeedModels", "Foundation", "CivilTime", "JSONCore"]),
  ]

  /// Linux modules that stand for an iOS one: swift-foundation's `FoundationEssentials` for Foundation (with
  /// Foundation in `#else`), the C library `Glibc` for `Darwin` (with Darwin in `#elseif`).
  static let linuxStandIns = ["FoundationEssentials": "Foundation", "Glibc": "Darwin"]

  /// Modules that exist only on Linux (or only in a toolchain), never in an iOS app.
  static let linuxOnly: Set<String> = [
    "Glibc", "Musl", "FoundationEssentials", "FoundationNetworking", "CoreFoundation",
  ]

  /// Standard-library API of Swift 6.2 (iOS 26), newer than the declared minimum: none may be used.
  static let tooNew = ["InlineArray", "RawSpan", "MutableSpan", "MutableRawSpan", "OutputSpan", "UTF8Span", ".span"]

  @Test("imports only what an iOS app has", arguments: allowedImports.map(\.module))
  func importsAreAllowed(module: String) throws {
    let allowed = Self.allowedImports.first { $0.module == module }?.imports ?? []
    let files = try Self.sourceFiles(of: module)
    #expect(!files.isEmpty, "no sources found for \(module)")
    for file in files {
      for found in try SwiftImports.imports(in: file) {
        let name = file.lastPathComponent
        if let standIn = Self.linuxStandIns[found.module] {
          #expect(
            found.guardedByCanImport && allowed.contains(standIn),
            "\(module)/\(name):\(found.line): \(found.module) only under #if canImport(\(found.module)), for \(standIn)"
          )
        } else {
          #expect(allowed.contains(found.module), "\(module)/\(name):\(found.line): imports \(found.module)")
          #expect(
            !Self.linuxOnly.contains(found.module), "\(module)/\(name):\(found.line): \(found.module) is Linux-only")
        }
      }
    }
  }

  @Test("names no standard-library API newer than iOS 18", arguments: allowedImports.map(\.module))
  func usesNoNewerAPI(module: String) throws {
    for file in try Self.sourceFiles(of: module) {
      let text = try String(contentsOf: file, encoding: .utf8)
      for name in Self.tooNew {
        #expect(!Self.mentions(text, name), "\(module)/\(file.lastPathComponent) uses \(name)")
      }
    }
  }

  @Test("the import scanner sees guarded, attributed and access-level imports, and no text in a string")
  func scannerReadsEveryImportForm() {
    let source = """
      import Synchronization
      @preconcurrency import Foundation
      public import FeedModels
      import struct Glibc.FILE
      #if canImport(FoundationEssentials)
        import FoundationEssentials
      #else
        import Foundation
      #endif
      #if canImport(Glibc)
        import Glibc
      #elseif canImport(Darwin)
        import Darwin
      #endif
      // import Commented
      let text = "import NotCode"
      let sample = \"""
        import InAString
        \"""
      import Dispatch
      """
    let found = SwiftImports.imports(inSource: source)
    #expect(
      found.map(\.module) == [
        "Synchronization", "Foundation", "FeedModels", "Glibc", "FoundationEssentials", "Foundation", "Glibc",
        "Darwin", "Dispatch",
      ])
    #expect(found.map(\.guardedByCanImport) == [false, false, false, false, true, false, true, true, false])
    #expect(Self.mentions("var a: InlineArray<3, Int>", "InlineArray"))
    #expect(!Self.mentions("var a: MyInlineArrayish", "InlineArray"))
    #expect(Self.mentions("let s = bytes.span", ".span"))
    #expect(!Self.mentions("let s = bytes.spanning", ".span"))
  }

  // MARK: - Scanning

  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources")

  static func sourceFiles(of module: String) throws -> [URL] {
    SwiftImports.swiftFiles(under: sources.appendingPathComponent(module))
  }

  /// Whether `text` names `name` as a whole identifier (`.span` as a member).
  static func mentions(_ text: String, _ name: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: name) {
      let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      let isIdentifier: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
      if (name.hasPrefix(".") || !isIdentifier(before)) && !isIdentifier(after) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }
}
