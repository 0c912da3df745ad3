import Foundation
import StackfeedTestSupport

/// The renderer goldens, under `Tests/StackRenderTests/__Snapshots__/`.
let golden = GoldenFiles(
  folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__"))
