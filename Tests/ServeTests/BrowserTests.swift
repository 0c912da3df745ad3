import Foundation
import StackfeedTestSupport
import Testing

/// The `/` page in a real browser: `scripts/check-serve-page.py` drives headless Chromium (Debian `chromium`,
/// installed by `.ci/run`) over the DevTools protocol.
@Suite(
  "serve: the web page in headless Chromium",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct BrowserTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/check-serve-page.py").path

  @Test(
    "every row arrives once; card boxes equal the layout frames at 320 and 390; pixels equal render --format html",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote))
  func pageInChromium() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.seed(generate: 60)
    let listed = try server.run(["list", "--db", server.database, "--format", "json"])
    let rows = try CachingAndPagingTests.ids(of: Data(listed.stdout.utf8)).count
    let python = try #require(OptionalTool.python3.url)
    let process = Process()
    process.executableURL = python
    process.arguments = [
      Self.script, "--stackfeed", ServerProcess.binary.path, "--db", server.database, "--widths", "320,390",
      "--screenshots", server.path("screenshots"),
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(report)")
    #expect(report.contains("width 320: \(rows) rows checked"), "\(report)")
    #expect(report.contains("width 390: \(rows) rows checked"), "\(report)")
  }
}
