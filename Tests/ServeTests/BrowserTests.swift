import Foundation
import StackfeedTestSupport
import Testing

/// The `/` page in a real browser: `scripts/check-serve-page.py` drives headless Chromium (Debian `chromium`,
/// installed by `.ci/run`) over the DevTools protocol.
@Suite(
  "serve: the web page in headless Chromium",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote),
  .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
  .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote))
struct BrowserTests {
  /// check-serve-page.py with `arguments` over a database of the bundled seeds and `generate` generated feed
  /// items (writing its screenshots in the test's folder when `screenshots`): it exits 0, and its report has each
  /// of `lines`, where `{rows}` stands for the number of rows the feed lists.
  static func check(
    generate: Int? = nil, _ arguments: [String], screenshots: Bool = false, reports lines: [String]
  ) throws {
    let server = try ServerProcess()
    try server.seed()
    if let generate { try server.seed(generate: generate) }
    let listed = try server.run(["list", "--db", server.database, "--format", "json"])
    let rows = try CachingAndPagingTests.ids(of: Data(listed.stdout.utf8)).count
    let arguments = arguments + (screenshots ? ["--screenshots", server.path("screenshots")] : [])
    let check = try ScriptCheck.run(
      "check-serve-page.py", ["--stackfeed", ServerProcess.binary.path, "--db", server.database] + arguments)
    #expect(check.status == 0, "\(check.output)")
    for line in lines {
      let line = line.replacingOccurrences(of: "{rows}", with: "\(rows)")
      #expect(check.output.contains(line), "\(line) in \(check.output)")
    }
  }

  @Test("every row arrives once; card boxes equal the layout frames at 320 and 390; pixels equal render --format html")
  func pageInChromium() throws {
    try Self.check(
      generate: 60, ["--widths", "320,390"], screenshots: true,
      reports: ["width 320: {rows} rows checked", "width 390: {rows} rows checked"])
  }

  @Test("the page fits its window: a phone with touch, 1280 and 430 with a classic scrollbar, and a window resized")
  func pageFitsItsWindow() throws {
    try Self.check(generate: 30, ["--widths", "390", "--fit"], reports: ["fit: 3 windows and a resize checked"])
  }

  @Test("the page is live: an order placed, then its status changed after a server restart, both show in place")
  func pageIsLive() throws {
    try Self.check(
      ["--widths", "", "--live"],
      reports: ["live: an order placed and its status changed, both seen in place, across a server restart\n"])
  }

  @Test("under --require-auth the page given a token is live too: its user's order placed and changed show in place")
  func pageWithTokenIsLive() throws {
    try Self.check(
      ["--widths", "", "--live", "--require-auth"],
      reports: [
        "live: an order placed and its status changed, both seen in place, across a server restart (with a token)"
      ])
  }

  @Test(
    "the page shows the photos: no placeholder left, every <img> loaded, of its frame's size at scales 1 and 2",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func pageShowsThePhotos() throws {
    try Self.check(generate: 10, ["--widths", "320", "--pictures"], reports: ["pictures at width 320, scale 2:"])
  }

  @Test("under --require-auth the page asks for a token, says when one is refused, and shows the feed with one")
  func pageWithToken() throws {
    try Self.check(["--widths", "390", "--require-auth"], reports: ["width 390: {rows} rows checked"])
  }
}
