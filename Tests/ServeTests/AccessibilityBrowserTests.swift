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
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/check-accessibility.py").path

  @Test(
    "every tappable part is announced as a button with its label",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote),
    arguments: ["", "content_size=AX3&direction=rtl&scheme=dark"])
  func announced(query: String) throws {
    let server = try ServerProcess()
    try server.seed()
    let python = try #require(OptionalTool.python3.url)
    let process = Process()
    process.executableURL = python
    process.arguments = [
      Self.script, "--stackfeed", ServerProcess.binary.path, "--db", server.database, "--width", "390", "--query",
      query,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(report)")
    #expect(report.contains("check-accessibility: ok"), "\(report)")
  }
}
