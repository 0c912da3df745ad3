import Foundation
import StackfeedTestSupport
import Testing

/// `stackfeed render --mode stack` end to end on the bundled reference feed (8 rows: header, feed item,
/// order, 5 feed items), with frames worked out by hand from the CardsStack formulas.
@Suite struct RenderStackTests {
  struct Stack {
    var document: [String: Any]
    var cards: [[String: Any]]

    func frames(_ key: String) -> [Double] {
      cards.map { ($0["frame"] as? [String: Double])?[key] ?? .nan }
    }

    func rootFrames(_ key: String) -> [Double] {
      cards.map { (($0["card"] as? [String: Any])?["frame"] as? [String: Double])?[key] ?? .nan }
    }
  }

  /// `render --mode stack arguments…` of the embedded default database, or of the reference feed seeded into a
  /// fresh database on `backend`.
  static func stack(_ arguments: [String], on backend: Backend? = nil) throws -> Stack {
    let cli = try CLIHarness()
    if let backend {
      let database = try cli.database(backend)
      cli.environment["STACKFEED_DB"] = database.argument
      #expect(try cli.run(["seed"]).code == 0)
    }
    let result = try cli.run(["render", "--mode", "stack", "--time-zone", "UTC"] + arguments)
    #expect(result.code == 0, "\(result.stderr)")
    let document = try RenderCommandTests.object(result.stdout)
    return Stack(document: document, cards: try #require(document["cards"] as? [[String: Any]]))
  }

  @Test(arguments: Backend.available)
  func collapsedIsTheDefaultAndFollowsTheStackSchema(backend: Backend) throws {
    let stack = try Self.stack([], on: backend)
    #expect(stack.document["schema"] as? String == "stackfeed.stack/1")
    #expect(stack.document["state"] as? String == "collapsed")
    #expect(stack.document["contentHeight"] as? Double == 200)
    #expect(Set(stack.document.keys) == ["schema", "state", "contentHeight", "cards"])
    #expect(
      stack.cards.map { $0["kind"] as? String } == ["header", "feed_item", "order"]
        + Array(repeating: "feed_item", count: 5))
    #expect(stack.cards.first?["id"] as? String == "profile")
    // Card 0 at 0, card i at 8 + 40·i.
    #expect(stack.frames("y") == [0, 48, 88, 128, 168, 208, 248, 288])
    #expect(
      Set(stack.frames("x")) == [8] && Set(stack.frames("width")) == [374] && Set(stack.frames("height")) == [200])
    // Every card laid out at the card size 374 × 200, its root at the card's origin.
    #expect(Set(stack.rootFrames("width")) == [374] && Set(stack.rootFrames("height")) == [200])
    #expect(Set(stack.rootFrames("x")) == [0] && Set(stack.rootFrames("y")) == [0])
  }

  @Test func transitMovesEveryCardButTheFirstTowardsItsExpandedSlot() throws {
    // t = 130 of 520: y = (8 + 40·i) + (208·i − (8 + 40·i)) · 130 / 520 = (8 + 40·i) + (168·i − 8) / 4
    // i=1 48 + 40 = 88; i=2 88 + 82 = 170; i=3 128 + 124 = 252; i=4 168 + 166 = 334;
    // i=5 208 + 208 = 416; i=6 248 + 250 = 498; i=7 288 + 292 = 580. Content 200 + 130.
    let stack = try Self.stack(["--state", "transit", "--translation", "130"])
    #expect(stack.document["state"] as? String == "transit")
    #expect(stack.document["contentHeight"] as? Double == 330)
    #expect(stack.frames("y") == [0, 88, 170, 252, 334, 416, 498, 580])
  }

  @Test func expandedPutsTheCardsOneUnderAnother() throws {
    // y = i · 208; content 8 · 208 = 1664.
    let stack = try Self.stack(["--state", "expanded", "--format", "json"])
    #expect(stack.document["contentHeight"] as? Double == 1664)
    #expect(stack.frames("y") == [0, 208, 416, 624, 832, 1040, 1248, 1456])
  }

  @Test func configurationFlagsAndWidthShapeTheCards() throws {
    // Width 320 − 0 − 20 = 300 at x 0; expanded y = i · (150 + 10).
    let stack = try Self.stack([
      "--state", "expanded", "--width", "320", "--left-spacing", "0", "--right-spacing", "20", "--card-height", "150",
      "--vertical-spacing", "10",
    ])
    #expect(Set(stack.frames("x")) == [0] && Set(stack.frames("width")) == [300])
    #expect(Set(stack.frames("height")) == [150] && Set(stack.rootFrames("height")) == [150])
    #expect(stack.frames("y") == [0, 160, 320, 480, 640, 800, 960, 1120])
    #expect(stack.document["contentHeight"] as? Double == 1280)  // 8 · 160
  }

  @Test func ownHeightLaysEachCardOutAtItsFittedHeightInsideTheSameFrames() throws {
    let stack = try Self.stack(["--own-height"])
    #expect(Set(stack.frames("height")) == [200])
    let heights = stack.rootFrames("height")
    #expect(heights[0] == 56)  // the header's own height
    #expect(abs(heights[1] - 374 / 0.9) <= 1.0 / 3 + 1e-9)  // a feed item: width / 0.9
  }

  @Test func textIsOneStackCaptionAndFitsEightyColumns() throws {
    let result = try CLIHarness().run(["render", "--mode", "stack", "--format", "text", "--time-zone", "UTC"])
    #expect(result.code == 0)
    #expect(result.stdout.hasPrefix("▸ stack collapsed · 8 cards · content 200 pt\n  ╭ header profile ─"))
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  @Test func htmlIsWellFormedWithOneCardDivPerRow() throws {
    let result = try CLIHarness().run(["render", "--mode", "stack", "--format", "html", "--time-zone", "UTC"])
    #expect(result.code == 0)
    #expect(result.stdout.components(separatedBy: #"<div class="card""#).count - 1 == 8)
    #expect(result.stdout.contains("z-index:7;"))
  }

  @Test(arguments: [
    (
      ["--mode", "stack", "--state", "open"], "stackfeed: --state takes collapsed or expanded or transit, not \"open\""
    ),
    (
      ["--mode", "stack", "--translation", "600"],
      "stackfeed: --translation must be between 0 and 520 (--expanded-height − --collapsed-height), got 600"
    ),
    (
      ["--mode", "stack", "--expanded-height", "100"],
      "stackfeed: --expanded-height (100) must be greater than --collapsed-height (200)"
    ),
    (["--state", "expanded"], "stackfeed: --state applies to --mode stack only"),
    (["--own-height"], "stackfeed: --own-height applies to --mode stack only"),
    (["--mode", "feed", "--card-offset=10"], "stackfeed: --card-offset applies to --mode stack only"),
  ])
  func badStackUsageExits64(arguments: [String], message: String) throws {
    let result = try CLIHarness().run(["render"] + arguments)
    #expect(result.code == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(message + "\n"))
  }

  /// docs/stack-<state>.svg (docs/CARDSTACK.md's pictures) are what `render --mode stack` gives today.
  @Test(arguments: Backend.available, ["collapsed", "transit", "expanded"])
  func theStackPicturesAreUpToDate(backend: Backend, state: String) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let svg = cli.path("stack.svg")
    let result = try cli.run([
      "render", "--db", database, "--mode", "stack", "--state", state, "--format", "svg", "--width", "390",
      "--time-zone", "UTC", "--assets", CLIHarness.repository.appendingPathComponent("docs/assets").path,
      "--out", svg,
    ])
    #expect(result.code == 0)
    let committed = try String(
      contentsOf: CLIHarness.repository.appendingPathComponent("docs/stack-\(state).svg"), encoding: .utf8)
    #expect(try String(contentsOfFile: svg, encoding: .utf8) == committed, "run scripts/render-feed-picture.sh")
  }

  /// rsvg-convert, a real SVG renderer, turns each stack picture into a 390-pixel-wide PNG.
  @Test(
    .requires(OptionalTool.rsvgConvert.isInstalled, OptionalTool.rsvgConvert.skipNote),
    arguments: ["collapsed", "transit", "expanded"])
  func theStackPicturesConvertToPNG(state: String) throws {
    let cli = try CLIHarness()
    let svg = CLIHarness.repository.appendingPathComponent("docs/stack-\(state).svg").path
    #expect(try cli.pngWidth(convertingSVG: svg) == 390)
  }
}
