import Foundation
import StackfeedTestSupport
import Testing

/// Unsafe code only in named places (docs/DESIGN.md, "Modules and who may import whom"; ../shared/docs/design.md):
/// the C wrappers wholesale, and outside them only the files listed here, each kept because it buys at least 10 %
/// on a figure a user sees or because it reads what a C library hands out (C interop), each a row of
/// docs/BENCHMARKS.md's table "Unsafe code, measured" and named in DESIGN.md.
///
/// Found two ways. By word: every name that contains `unsafe` in any case (the `Unsafe…Pointer` types,
/// `withUnsafe…`, `unsafeUninitializedCapacity`, `unsafeAddress`, `unsafeBitCast`, `unowned(unsafe)`,
/// `nonisolated(unsafe)`, `@unsafe`), the API that lends or reads raw memory without that word (``pointerNames``)
/// and the C library's memory functions called bare (``memoryFunctions``: `free(p)`). By type: the compiler's
/// strict memory safety check (`swiftc -typecheck -strict-memory-safety`, SE-0458) over every checked module,
/// which sees a pointer however it is spelled — `realpath(path, nil)` returns one, `String(cString:)` takes one.
/// Not counted: `@unchecked Sendable` (a claim about which lock guards a class's state, not a pointer: each one
/// says in a comment what makes it true) and a Swift array, string or `&variable` passed to a C function's pointer
/// parameter (the compiler keeps it alive for the call), e.g. `write(2)` of an output block, `stat(path, &status)`.
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
    "BundledFiles.swift": "FeedStore's reader of the bundle targets' C tables of embedded files (C interop)",
    "BuiltInFiles.swift": "BuiltInPlugins' bundle target's C table, handed to BundledFiles (C interop)",
    "FileError.swift": "the CLI's text of an errno, strerror's C string (C interop)",
    "SpillStorage.swift": "StackRender's anonymous temporary file (tmpfile's FILE) and its errors' text (C interop)",
  ]

  /// Names without `unsafe` in them that lend raw memory or read through a pointer.
  static let pointerNames: Set<String> = [
    "withUTF8", "withUTF8Buffer", "withContiguousStorageIfAvailable", "withContiguousMutableStorageIfAvailable",
    "withMemoryRebound", "bindMemory", "assumingMemoryBound", "OpaquePointer", "pointee", "baseAddress", "cString",
  ]

  /// The C library's functions that allocate, free or copy raw memory: unsafe when called bare (`free(p)`; a
  /// member such as `Flex.free` or `Self.free(before:)` is another name).
  static let memoryFunctions: Set<String> = ["free", "malloc", "calloc", "realloc", "memcpy", "memmove", "strdup"]

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

  /// The unsafe constructs of a source found by word: name and line.
  static func unsafeConstructs(in source: String) -> [(name: String, line: Int)] {
    SwiftCode.identifiers(in: source).filter {
      $0.name.lowercased().contains("unsafe") || pointerNames.contains($0.name)
        || ($0.isBareCall && memoryFunctions.contains($0.name))
    }.map { ($0.name, $0.line) }
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

  @Test("outside the C wrappers, the type checker finds pointers only in the listed files")
  func typeCheckerFindsPointersOnlyInListedFiles() throws {
    let uses = try PointerTypeCheck.uses(
      in: try PackageTarget.all().filter { !Self.cWrappers.contains($0.module) }, root: Self.root)
    let outside = uses.filter { Self.allowedFiles[URL(fileURLWithPath: $0.file).lastPathComponent] == nil }
    #expect(
      outside.isEmpty, "pointer use outside the listed files:\n\(outside.map(\.description).joined(separator: "\n"))")
    // Not blind: the checker ran with strict memory safety and saw the listed files' pointers.
    let seen = Set(uses.map { URL(fileURLWithPath: $0.file).lastPathComponent })
    let unseen = Set(Self.allowedFiles.keys).subtracting(seen)
    #expect(unseen.isEmpty, "listed files that are safe now (drop them from the list): \(unseen.sorted())")
  }

  /// (Whether a listed file still uses unsafe code is for the type checker: a file may only hand a C value on.)
  @Test("every listed file exists once and has its row in docs/BENCHMARKS.md")
  func listedFilesAreCurrent() throws {
    let files = Self.checkedFiles()
    let benchmarks = try String(contentsOf: Self.root.appendingPathComponent("docs/BENCHMARKS.md"), encoding: .utf8)
    let table =
      try #require(benchmarks.components(separatedBy: "## Unsafe code, measured").dropFirst().first)
      .components(separatedBy: "\n## ").first ?? ""
    for name in Self.allowedFiles.keys.sorted() {
      let matches = files.filter { $0.lastPathComponent == name }
      #expect(matches.count == 1, "\(name): \(matches.count) files of that name")
      #expect(table.contains("`\(name)`"), "docs/BENCHMARKS.md, \"Unsafe code, measured\", has no row for \(name)")
    }
  }

  @Test("docs/DESIGN.md names exactly the listed files where it says where unsafe code is")
  func designNamesTheListedFiles() throws {
    let design = try String(contentsOf: Self.root.appendingPathComponent("docs/DESIGN.md"), encoding: .utf8)
    let paragraph = try #require(
      design.components(separatedBy: "\n\n").first { $0.contains("Unsafe code (pointers") },
      "docs/DESIGN.md has no paragraph on unsafe code")
    let named = Set(paragraph.matches(of: /`([A-Za-z+]+\.swift)`/).map { String($0.output.1) })
    #expect(named == Set(Self.allowedFiles.keys), "the files DESIGN.md names: \(named.sorted())")
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
      free(a); let g = Flex.free; Self.free(before: 1); let free = 0; func free(_ x: Int) {}
      let h = String(cString: name)
      """#
    let found = Self.unsafeConstructs(in: source)
    #expect(found.map(\.name) == ["UnsafeMutablePointer", "withUTF8", "unsafe", "unsafeCount", "free", "cString"])
    #expect(found.map(\.line) == [1, 2, 3, 11, 12, 13])
  }

  @Test("the type checker's warnings count when a note names a pointer, not when an argument is only converted")
  func pointerUsesAreReadFromDiagnostics() {
    let diagnostics = """
      /p/Sources/A/A.swift:3:24: warning: expression uses unsafe constructs but is not marked with 'unsafe' [#StrictMemorySafety]
      /p/Sources/A/A.swift:3:24: note: reference to global function 'realpath' involves unsafe type 'UnsafeMutablePointer<CChar>'
      /p/Sources/A/A.swift:3:33: note: argument #0 in call to global function 'realpath' has unsafe type 'UnsafePointer<CChar>?'
      /p/Sources/A/B.swift:12:19: warning: expression uses unsafe constructs but is not marked with 'unsafe' [#StrictMemorySafety]
      /p/Sources/A/B.swift:12:36: note: argument #1 in call to global function 'read' has unsafe type 'UnsafeMutableRawPointer?'
      /p/Sources/A/B.swift:13:1: warning: converting non-Sendable function value to '@Sendable () -> Date' may introduce data races
      /p/Sources/A/B.swift:14:1: warning: type 'T' has unsafe storage [#StrictMemorySafety]
      """
    let uses = PointerTypeCheck.uses(in: diagnostics, root: "/p")
    #expect(
      uses.map(\.description) == [
        "Sources/A/A.swift:3: reference to global function 'realpath' involves unsafe type 'UnsafeMutablePointer<CChar>'",
        "Sources/A/B.swift:14: type 'T' has unsafe storage [#StrictMemorySafety]",
      ])
  }
}
