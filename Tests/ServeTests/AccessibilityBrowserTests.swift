import Foundation
import StackfeedTestSupport
import Testing

/// What a screen reader announces on `/`: `scripts/check-accessibility.py` reads Chromium's accessibility tree
/// (`Accessibility.getFullAXTree`) of the served page and checks that every tappable part of every card (a node
/// with an `action`: the search button, each feed card's button, the order's more button) is a button named
/// with its label.
@Suite(
  "serve: the web page's accessibility tree in headless Chromium",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct AccessibilityBrowserTests {
  @Test(
    "every tappable part is announced as a button with its label",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote),
    arguments: ["", "content_size=AX3&direction=rtl&scheme=dark"])
  func announced(query: String) throws {
    let server = try ServerProcess()
    try server.seed()
    let check = try ScriptCheck.run(
      "check-accessibility.py",
      ["--stackfeed", ServerProcess.binary.path, "--db", server.database, "--width", "390", "--query", query])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("check-accessibility: ok"), "\(check.output)")
  }
}
