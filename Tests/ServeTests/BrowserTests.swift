import Foundation
import StackfeedTestSupport
import Testing

/// The `/` page in a real browser: `scripts/check-serve-page.py` drives headless Chromium (Debian `chromium`,
/// installed by `.ci/run`) over the DevTools protocol.
@Suite(
  "serve: the web page in headless Chromium",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct BrowserTests {
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
    let check = try ScriptCheck.run(
      "check-serve-page.py",
      [
        "--stackfeed", ServerProcess.binary.path, "--db", server.database, "--widths", "320,390", "--screenshots",
        server.path("screenshots"),
      ])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("width 320: \(rows) rows checked"), "\(check.output)")
    #expect(check.output.contains("width 390: \(rows) rows checked"), "\(check.output)")
  }

  @Test(
    "the page fits its window: a phone with touch, 1280 and 430 with a classic scrollbar, and a window resized",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote))
  func pageFitsItsWindow() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.seed(generate: 30)
    let check = try ScriptCheck.run(
      "check-serve-page.py",
      ["--stackfeed", ServerProcess.binary.path, "--db", server.database, "--widths", "390", "--fit"])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("fit: 3 windows and a resize checked"), "\(check.output)")
  }

  @Test(
    "the page is live: an order placed and its status changed over the API show in place, without a reload",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote))
  func pageIsLive() throws {
    let server = try ServerProcess()
    try server.seed()
    let check = try ScriptCheck.run(
      "check-serve-page.py",
      ["--stackfeed", ServerProcess.binary.path, "--db", server.database, "--widths", "", "--live"])
    #expect(check.status == 0, "\(check.output)")
    #expect(
      check.output.contains("live: an order placed and its status changed, both seen in place"), "\(check.output)")
  }

  @Test(
    "the page shows the photos: no placeholder left, every <img> loaded, of its frame's size at scales 1 and 2",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote),
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func pageShowsThePhotos() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.seed(generate: 10)
    let check = try ScriptCheck.run(
      "check-serve-page.py",
      ["--stackfeed", ServerProcess.binary.path, "--db", server.database, "--widths", "320", "--pictures"])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("pictures at width 320, scale 2:"), "\(check.output)")
  }

  @Test(
    "under --require-auth the page asks for a token, says when one is refused, and shows the feed with one",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote))
  func pageWithToken() throws {
    let server = try ServerProcess()
    try server.seed()
    let listed = try server.run(["list", "--db", server.database, "--format", "json"])
    let rows = try CachingAndPagingTests.ids(of: Data(listed.stdout.utf8)).count
    let check = try ScriptCheck.run(
      "check-serve-page.py",
      ["--stackfeed", ServerProcess.binary.path, "--db", server.database, "--widths", "390", "--require-auth"])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("width 390: \(rows) rows checked"), "\(check.output)")
  }
}
