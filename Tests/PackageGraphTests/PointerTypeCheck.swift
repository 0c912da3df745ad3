import Foundation
import StackfeedTestSupport
import Synchronization
import Testing

/// Pointer use found by type: the compiler's strict memory safety check (`-strict-memory-safety`, SE-0458) run
/// over a target's sources against the modules `swift test` built (`.build/debug/Modules`). It warns about every
/// expression that uses an unsafe type, however it is spelled; a warning counts here when one of its notes names
/// something unsafe, not when every note only says that an argument is converted for a C function's pointer
/// parameter (a Swift array, string or `&variable`, which the compiler keeps alive for the call).
enum PointerTypeCheck {
  /// One counted warning: where, and the compiler's reason.
  struct Use: CustomStringConvertible {
    /// The file, relative to the package root.
    var file: String
    var line: Int
    var reason: String
    var description: String { "\(file):\(line): \(reason)" }
  }

  /// The counted warnings of `diagnostics` (the compiler's output in its `llvm` style), files relative to `root`.
  static func uses(in diagnostics: String, root: String) -> [Use] {
    var uses: [Use] = []
    var current: (use: Use, counted: Bool)?
    func finish() {
      if let current, current.counted { uses.append(current.use) }
      current = nil
    }
    for line in diagnostics.split(separator: "\n") {
      guard let match = line.firstMatch(of: /^(.+?\.swift):(\d+):\d+: (warning|error|note): (.*)$/) else { continue }
      let (file, number, kind, message) = (String(match.1), Int(match.2) ?? 0, match.3, String(match.4))
      if kind == "note" {
        guard current != nil else { continue }
        if !message.contains(/^argument .* in call to .* has unsafe type/) {
          if current?.use.reason.hasPrefix("expression uses unsafe constructs") == true {
            current?.use.reason = message
          }
          current?.counted = true
        }
        continue
      }
      finish()
      guard message.hasSuffix("[#StrictMemorySafety]") else { continue }
      let relative = file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
      // A warning without notes (a type's unsafe storage, say) counts; one with notes counts by them.
      current = (Use(file: relative, line: number, reason: message), !message.hasPrefix("expression uses unsafe"))
    }
    finish()
    return uses
  }

  /// The counted warnings of every target of `targets` with Swift files in `Sources/` or `Examples/`, type-checked
  /// side by side; a target that does not type-check fails the test.
  static func uses(in targets: [PackageTarget], root: URL) throws -> [Use] {
    let swiftc = try #require(OptionalTool.swift.url).deletingLastPathComponent().appendingPathComponent("swiftc")
    let build = root.appendingPathComponent(".build/debug")
    let modules = build.appendingPathComponent("Modules")
    try #require(FileManager.default.fileExists(atPath: modules.path), "no \(modules.path): run swift build first")
    // The C modules the built modules import: SwiftPM's generated module maps and the packaged ones.
    let fileManager = FileManager.default
    let moduleMaps =
      (try fileManager.contentsOfDirectory(atPath: build.path)).map {
        build.appendingPathComponent($0).appendingPathComponent("module.modulemap")
      }
      + targets.map { root.appendingPathComponent($0.folder).appendingPathComponent("module.modulemap") }
    let includes = targets.map { root.appendingPathComponent($0.folder).appendingPathComponent("include") }
    var cFlags: [String] = []
    for map in moduleMaps where fileManager.fileExists(atPath: map.path) {
      cFlags += ["-Xcc", "-fmodule-map-file=" + map.path]
    }
    for include in includes where fileManager.fileExists(atPath: include.path) {
      cFlags += ["-Xcc", "-I", "-Xcc", include.path]
    }
    let checked = targets.filter { $0.type != "system" && $0.type != "test" }
      .filter { $0.folder.hasPrefix("Sources/") || $0.folder.hasPrefix("Examples/") }
      .map { ($0, SwiftImports.swiftFiles(under: root.appendingPathComponent($0.folder))) }
      .filter { !$0.1.isEmpty }
    let common = ["-typecheck", "-strict-memory-safety", "-diagnostic-style=llvm", "-I", modules.path] + cFlags
    let outputs = Mutex([(status: Int32, text: String)](repeating: (0, ""), count: checked.count))
    DispatchQueue.concurrentPerform(iterations: checked.count) { index in
      let (target, files) = checked[index]
      let process = Process()
      process.executableURL = swiftc
      process.arguments = common + ["-module-name", target.module] + files.map(\.path)
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      var result: (Int32, String) = (-1, "\(target.name): swiftc did not start")
      if (try? process.run()) != nil {
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        result = (process.terminationStatus, text)
      }
      outputs.withLock { $0[index] = result }
    }
    let results = outputs.withLock { $0 }
    for (index, output) in results.enumerated() {
      #expect(output.status == 0, "\(checked[index].0.name) does not type-check:\n\(output.text.prefix(2000))")
    }
    return results.flatMap { uses(in: $0.text, root: root.path) }
  }
}
