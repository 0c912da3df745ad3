import Foundation
import Testing

/// Golden files under `Fixtures/goldens/`, as StackRender's tests keep theirs: compared byte for byte,
/// written only with `STACKFEED_RECORD=1` in the environment (the test then fails, so that a recording run is
/// never taken for a pass). A missing golden fails.
enum Golden {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/goldens")

  /// Checks `actual` against the golden file `name`.
  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = folder.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["STACKFEED_RECORD"] == "1" {
      do {
        try Data(actual.utf8).write(to: file)
        Issue.record("recorded \(name); run again without STACKFEED_RECORD to compare", sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      Issue.record("golden \(name) is missing; record it with STACKFEED_RECORD=1", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
    let was = line < old.count ? old[line].prefix(200) : "<end>"
    let now = line < new.count ? new[line].prefix(200) : "<end>"
    Issue.record(
      "\(name) differs at line \(line + 1):\n  golden: \(was)\n  actual: \(now)", sourceLocation: sourceLocation)
  }
}
