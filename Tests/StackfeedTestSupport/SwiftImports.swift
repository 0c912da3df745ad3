import Foundation

/// The `import` declarations of Swift sources, read line by line as the tests that check imports need them
/// (AppLibraryTests: what the app libraries import; PackageGraphTests: that every import is declared).
public enum SwiftImports {
  /// One `import` declaration.
  public struct Import: Sendable, Equatable {
    /// The imported module (`Glibc` for `import struct Glibc.FILE`).
    public var module: String
    /// The 1-based line number.
    public var line: Int
    /// Inside `#if canImport(<the same module>)`.
    public var guardedByCanImport: Bool
  }

  /// Every `.swift` file under `folder`, sorted by path.
  public static func swiftFiles(under folder: URL) -> [URL] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
  }

  /// The imports of the Swift file at `file`.
  public static func imports(in file: URL) throws -> [Import] {
    imports(inSource: try String(contentsOf: file, encoding: .utf8))
  }

  /// The `import` declarations of a Swift source, with the `#if canImport(…)` conditions around them; lines
  /// inside multi-line string literals are text, not code.
  public static func imports(inSource source: String) -> [Import] {
    var found: [Import] = []
    var conditions: [String] = []
    var inMultilineString = false
    for (number, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.components(separatedBy: "\"\"\"").count % 2 == 0 {
        inMultilineString.toggle()
        continue
      }
      if inMultilineString { continue }
      if line.hasPrefix("#if ") {
        conditions.append(String(line.dropFirst(4)))
      } else if line.hasPrefix("#elseif ") {
        if !conditions.isEmpty { conditions[conditions.count - 1] = String(line.dropFirst(8)) }
      } else if line.hasPrefix("#else") {
        if !conditions.isEmpty { conditions[conditions.count - 1] = "" }
      } else if line.hasPrefix("#endif") {
        _ = conditions.popLast()
      }
      var words = line.split(separator: " ").map(String.init)
      while let first = words.first,
        first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first)
      {
        words.removeFirst()
      }
      guard words.count >= 2, words[0] == "import" else { continue }
      let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
      let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
      let module = String(path.prefix { $0 != "." })
      found.append(
        Import(module: module, line: number + 1, guardedByCanImport: conditions.contains("canImport(\(module))")))
    }
    return found
  }
}
