import Foundation
import PromoPlugin
import Testing

@testable import StackfeedCLI

/// `Stackfeed.main(plugins:)` refuses plugins that cannot work together before running any command.
@Suite struct PluginStartupTests {
  @Test func conflictingPluginsStopTheCLIAtStartUpWithOneSentenceAndExit70() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
    let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    defer {
      close(descriptor)
      try? FileManager.default.removeItem(at: file)
    }
    let code = Stackfeed.main(
      arguments: ["stackfeed-promo", "list", "--db", "/nonexistent/never-opened.sqlite"], environment: [:],
      plugins: [PromoPlugin(), PromoPlugin(placement: .trailing)], errors: Output(descriptor: descriptor))
    #expect(code == 70)
    let message = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(message == "stackfeed: the row plugins cannot work together: two row plugins have the kind \"promo\"\n")
  }
}
