import Foundation
import StackfeedTestSupport
import Testing

/// Unsafe code only in named places (docs/DESIGN.md, "Unsafe memory"; ../shared/docs/design.md): the C wrappers
/// wholesale, and outside them only the files listed here, each kept because it buys at least 10 % on a figure a
/// user sees, measured in docs/BENCHMARKS.md's table "Unsafe code, measured" (which names every listed file).
///
/// What counts as unsafe: every name that contains `unsafe` in any case (the `Unsafe…Pointer` types,
/// `withUnsafe…`, `unsafeUninitializedCapacity`, `unsafeAddress`, `unsafeBitCast`, `unowned(unsafe)`,
/// `nonisolated(unsafe)`, `@unsafe`) and the API that lends or reads raw memory without that word:
/// ``pointerNames``. Not counted: `@unchecked Sendable` (a claim about which lock guards a class's state, not a
/// pointer: each one says in a comment what makes it true) and passing a Swift array to a C function's pointer
/// parameter (the compiler keeps the array alive for the call), e.g. `write(2)` of an output block.
@Suite("Unsafe code only in named places")
struct UnsafeCodeTests {
  /// The modules that wrap a C library: all their files may use pointers.
  static let cWrappers: Set<String> = ["SQLiteCore", "PostgresCore", "HTTPServer", "GzipCore"]

  /// Files outside the C wrappers that may use unsafe constructs (file name → why), each a row of
  /// docs/BENCHMARKS.md's "Unsafe code, measured".
  static let allowedFiles: [String: String] = [
    "GrowableTable.swift": "the one hand-grown buffer (JSONCore): cold layout +22 %, list --format json +26 % without",
    "ByteBuffer.swift": "strings copied in with memcpy (JSONCore), over GrowableTable",
    "Stackfeed+Environment.swift": "environ read in place (the CLI): a 20-row page +14 % through ProcessInfo",
    "BundledFiles.swift": "FeedStore's reader of CStackfeedBundle's C table of embedded files (C interop)",
  ]

  /// Names without `unsafe` in them that lend raw memory or read through a pointer.
  static let pointerNames: Set<String> = [
    "withUTF8", "withUTF8Buffer", "withContiguousStorageIfAvailable", "withContiguousMutableStorageIfAvailable",
    "withMemoryRebound", "bindMemory", "assumingMemoryBound", "OpaquePointer", "pointee", "baseAddress",
  ]

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every Swift file of `Sources/` and `Examples/` outside the C wrappers.
  static func checkedFiles() -> [URL] {
    ["Sources", "Examples"].flatMap { SwiftImports.swiftFiles(under: root.appendingPathComponent($0)) }.filter {
      file in
      let parts = file.pathComponents
      return !zip(parts, parts.dropFirst()).contains { $0 == "Sources" && cWrappers.contains($1) }
    }
  }

  /// The unsafe constructs of a source: name and line.
  static func unsafeConstructs(in source: String) -> [(name: String, line: Int)] {
    SwiftCode.identifiers(in: source).filter {
      $0.name.lowercased().contains("unsafe") || pointerNames.contains($0.name)
    }
  }

  @Test("outside the C wrappers, only the listed files use unsafe constructs")
  func onlyListedFilesAreUnsafe() throws {
    var found: [String] = []
    for file in Self.checkedFiles()
    where Self.allowedFiles[file.lastPathComponent] == nil {
      for construct in Self.unsafeConstructs(in: try String(contentsOf: file, encoding: .utf8)) {
        found.append("\(file.path.dropFirst(Self.root.path.count + 1)):\(construct.line): \(construct.name)")
      }
    }
    #expect(found.isEmpty, "unsafe code outside the listed files:\n\(found.joined(separator: "\n"))")
  }

  @Test("every listed file exists once, still uses unsafe code and has its row in docs/BENCHMARKS.md")
  func listedFilesAreCurrent() throws {
    let files = Self.checkedFiles()
    let benchmarks = try String(contentsOf: Self.root.appendingPathComponent("docs/BENCHMARKS.md"), encoding: .utf8)
    let table =
      try #require(benchmarks.components(separatedBy: "## Unsafe code, measured").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    for name in Self.allowedFiles.keys.sorted() {
      let matches = files.filter { $0.lastPathComponent == name }
      #expect(matches.count == 1, "\(name): \(matches.count) files of that name")
      for file in matches {
        #expect(
          !Self.unsafeConstructs(in: try String(contentsOf: file, encoding: .utf8)).isEmpty,
          "\(name) is safe now: drop it from the list")
      }
      #expect(table.contains("`\(name)`"), "docs/BENCHMARKS.md, \"Unsafe code, measured\", has no row for \(name)")
    }
  }

  @Test("the scanner finds each construct in code and none in comments or strings")
  func scannerReadsCodeOnly() {
    let source = #"""
      let a = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
      text.withUTF8 { _ in }
      nonisolated(unsafe) var b = 0
      // UnsafePointer in a comment
      /* withUnsafeBytes /* nested */ baseAddress */
      let c = "UnsafeRawPointer \" pointee"
      let d = #"withUTF8 "quoted" unsafeBitCast"#
      let e = """
        withUnsafeTemporaryAllocation
        """
      let f = 0x1F + unsafeCount
      """#
    let found = Self.unsafeConstructs(in: source)
    #expect(found.map(\.name) == ["UnsafeMutablePointer", "withUTF8", "unsafe", "unsafeCount"])
    #expect(found.map(\.line) == [1, 2, 3, 11])
  }
}
