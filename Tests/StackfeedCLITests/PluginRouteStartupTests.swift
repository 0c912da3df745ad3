import FeedPlugins
import Foundation
import PromoPlugin
import StackfeedTestSupport
import Testing

@testable import StackfeedCLI

/// `stackfeed-promo`'s start-up with one more plugin whose route overlaps a route of the core or of the promo
/// kind: refused before any command runs, exit 70, one sentence naming the plugins and both routes.
@Suite struct PluginRouteStartupTests {
  @Test(
    "a plugin route overlapping the core's or the promo's stops start-up with exit 70, naming both",
    arguments: [
      (
        StubRoutes(kind: "clash", paths: ["POST /v1/feed"]),
        #"the row kind "clash" answers POST /v1/feed, which overlaps the core's /v1/feed (a plugin may not "#
          + "answer at a path of the core, with any method)"
      ),
      (
        StubRoutes(kind: "clash", paths: ["DELETE /v1/me/{x}"]),
        #"the row kind "clash" answers DELETE /v1/me/{x}, which overlaps the core's /v1/me/feed (a plugin may "#
          + "not answer at a path of the core, with any method)"
      ),
      (
        StubRoutes(kind: "clash", paths: ["POST /v1/promos"]),
        #"the row kinds "promo" and "clash" answer POST /v1/promos twice (the same method and path shape)"#
      ),
    ])
  func anOverlappingRouteStopsStartUp(plugin: StubRoutes, sentence: String) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    defer {
      close(descriptor)
      try? FileManager.default.removeItem(at: file)
    }
    let database = FileManager.default.temporaryDirectory.appendingPathComponent("never-\(UUID().uuidString)")
    let code = Stackfeed.main(
      arguments: ["stackfeed-promo", "list", "--db", database.path], environment: [:],
      plugins: [PromoPlugin(), plugin], errors: Output(descriptor: descriptor))
    #expect(code == 70)
    let message = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(message == "stackfeed: the row plugins cannot work together: \(sentence)\n")
    #expect(!FileManager.default.fileExists(atPath: database.path), "no command ran")
  }
}
