import Foundation
import Testing

/// Golden files under `__Snapshots__/`: compared byte for byte; written only when the
/// environment has `STACKFEED_RECORD=1` (then the test still fails, so a recording run is
/// never mistaken for a passing one). A missing golden fails.
enum Golden {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["STACKFEED_RECORD"] == "1" }

  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

  /// Checks `actual` against the golden file `name`.
  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = url(name)
    if isRecording {
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
        "\(name) differs from its golden: \(firstDifference(expected, actual))", sourceLocation: sourceLocation)
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
