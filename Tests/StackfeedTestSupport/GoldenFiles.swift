import Foundation
import Testing

/// A folder of golden files shared by the test targets: compared byte for byte, written only when the
/// environment has `STACKFEED_RECORD=1` (the test then fails, so a recording run is never mistaken for a
/// passing one). A missing golden fails.
///
///     let goldens = GoldenFiles(folder: URL(fileURLWithPath: #filePath) … .appendingPathComponent("__Snapshots__"))
///     goldens.check(svg, named: "reference.svg")
public struct GoldenFiles: Sendable {
  /// Where the goldens live.
  public let folder: URL

  /// Creates a golden-file folder.
  public init(folder: URL) {
    self.folder = folder
  }

  /// Whether this run records goldens instead of comparing (`STACKFEED_RECORD=1`).
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["STACKFEED_RECORD"] == "1" }

  /// The file of the golden `name`.
  public func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// Checks `actual` against the golden file `name` (or records it when recording).
  public func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = url(name)
    if Self.isRecording {
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: file)
        Issue.record("recorded \(name); run again without STACKFEED_RECORD to compare", sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      Issue.record(
        "golden \(name) is missing; record it with STACKFEED_RECORD=1 and review it", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
      Issue.record(
        "\(name) differs from its golden: \(Self.firstDifference(expected, actual))", sourceLocation: sourceLocation)
    }
  }

  private static func firstDifference(_ expected: String, _ actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(old.count, new.count) {
      let was = index < old.count ? String(old[index]) : "<end>"
      let now = index < new.count ? String(new[index]) : "<end>"
      if was != now { return "line \(index + 1)\n  golden: \(was.prefix(300))\n  actual: \(now.prefix(300))" }
    }
    return "same lines, different bytes"
  }
}
