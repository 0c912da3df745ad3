import Foundation
import StackfeedTestSupport
import Testing

/// The gallery's `index.html` in a real browser: `scripts/check-gallery-page.py` drives headless Chromium over
/// the DevTools protocol (no broken picture, the headings, a screenshot that is not blank).
@Suite("CLI: the gallery page in headless Chromium")
struct GalleryBrowserTests {
  @Test(
    "every picture loads, every trait set and kind has its heading, and the screenshot is not blank",
    .requires(OptionalTool.chromium.isInstalled, OptionalTool.chromium.skipNote),
    .requires(OptionalTool.python3.isInstalled, OptionalTool.python3.skipNote))
  func galleryInChromium() throws {
    let cli = try CLIHarness()
    let database = cli.path("promo.sqlite")
    #expect(try cli.run(["seed", "--db", database], executable: CLIHarness.promoBinary).code == 0)
    let out = cli.path("gallery")
    let gallery = try cli.run(["gallery", "--db", database, "--out", out], executable: CLIHarness.promoBinary)
    #expect(gallery.code == 0, "\(gallery.stderr)")
    let headings = GalleryCommandTests.defaultFolders.map { $0.replacingOccurrences(of: "-", with: " ") }
    let check = try ScriptCheck.run(
      "check-gallery-page.py",
      [
        "--index", out + "/index.html", "--headings", headings.joined(separator: ","), "--kinds",
        "header,feed_item,order,promo", "--screenshot", cli.path("gallery.png"),
      ])
    #expect(check.status == 0, "\(check.output)")
    #expect(check.output.contains("check-gallery-page: ok"), "\(check.output)")
  }
}
