import Foundation
import StackfeedTestSupport

/// The card goldens of the reference and edge feeds, under `Tests/FeedPluginsTests/Fixtures/goldens/`.
let golden = GoldenFiles(
  folder: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/goldens"))
