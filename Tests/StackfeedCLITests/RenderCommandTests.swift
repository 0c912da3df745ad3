import Foundation
import StackfeedTestSupport
import Testing

/// `stackfeed render` end to end: the JSON contract and the reference geometry read back from it, usage errors,
/// and `--out` replacing its file only when the whole render succeeded.
@Suite struct RenderCommandTests {
  /// A parsed node with its frame moved into row coordinates (its own origin plus its parents').
  struct Node {
    var json: [String: Any]
    var x: Double, y: Double, width: Double, height: Double
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// The first node with `id` under `node`, with its frame in the coordinates `node`'s parent uses.
  static func find(_ id: String, in node: [String: Any], x: Double = 0, y: Double = 0) -> Node? {
    let frame = node["frame"] as? [String: Double] ?? [:]
    let here = Node(
      json: node, x: x + (frame["x"] ?? .nan), y: y + (frame["y"] ?? .nan), width: frame["width"] ?? .nan,
      height: frame["height"] ?? .nan)
    if node["id"] as? String == id { return here }
    for child in node["children"] as? [[String: Any]] ?? [] {
      if let found = find(id, in: child, x: here.x, y: here.y) { return found }
    }
    return nil
  }

  @Test(arguments: Backend.available)
  func jsonFollowsTheRenderSchemaWithAFrameOnEveryNode(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let result = try cli.run(["render", "--db", database.argument, "--format", "json", "--time-zone", "UTC"])
    #expect(result.code == 0)
    #expect(result.stdout.hasPrefix(#"{"schema": "stackfeed.render/1", "width": 390, "rows": ["#))
    let document = try Self.object(result.stdout)
    let rows = try #require(document["rows"] as? [[String: Any]])
    #expect(
      rows.map { $0["kind"] as? String } == ["header", "feed_item", "order"] + Array(repeating: "feed_item", count: 5))
    #expect(rows.first?["id"] as? String == "profile")
    func check(_ node: [String: Any]) -> Int {
      let frame = node["frame"] as? [String: Double]
      let missing = frame.map { Set($0.keys) == ["x", "y", "width", "height"] ? 0 : 1 } ?? 1
      return missing + (node["children"] as? [[String: Any]] ?? []).reduce(0) { $0 + check($1) }
    }
    for row in rows {
      let card = try #require(row["card"] as? [String: Any])
      #expect(check(card) == 0)
      #expect((card["frame"] as? [String: Double])?["height"] == row["height"] as? Double)
    }
  }

  /// Issue 4's reference geometry, read back from the JSON: W/0.9 rows with the image at (10, 20, W − 20,
  /// W/0.9 − 20) and the button ending 30 from the right; order tiles (W − 81)/4 wide; the header 56 high.
  @Test(arguments: Backend.available, [320.0, 390, 768])
  func jsonCarriesTheReferenceGeometry(backend: Backend, width: Double) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let result = try cli.run(["render", "--db", database.argument, "--width", String(Int(width))])
    let rows = try #require(try Self.object(result.stdout)["rows"] as? [[String: Any]])
    let pixel = 1.0 / 3 + 1e-9
    let item = try #require(rows[1]["card"] as? [String: Any])
    let rowHeight = try #require(rows[1]["height"] as? Double)
    #expect(abs(rowHeight - width / 0.9) <= pixel)
    let image = try #require(Self.find("cardImage", in: item))
    #expect([image.x, image.y, image.width] == [10, 20, width - 20] && abs(image.height - (rowHeight - 20)) < 1e-3)
    let button = try #require(Self.find("button", in: item))
    #expect(button.width == 50 && button.height == 50 && abs(button.x + 50 - (width - 30)) < 1e-3)
    let tag = try #require(Self.find("tagView", in: item))
    #expect(tag.x == 30 && tag.y == 40 && tag.height == 30)
    let order = try #require(rows[2]["card"] as? [String: Any])
    let card = try #require(Self.find("card", in: order))
    #expect(card.x == 10 && card.y == 20 && card.width == width - 20)
    #expect(abs(card.y + card.height - (rows[2]["height"] as? Double ?? 0)) < 1e-3)
    let tile = try #require(Self.find("galleryImage3", in: order))
    #expect(abs(tile.width - (width - 81) / 4) <= pixel && abs(tile.height - (width - 81) / 4 / 0.85) <= pixel)
    let header = try #require(rows[0]["card"] as? [String: Any])
    #expect(rows[0]["height"] as? Double == 56)
    let search = try #require(Self.find("searchButton", in: header))
    #expect(search.width == 20 && search.x + 20 == width - 10)
    #expect(Self.find("headlineLabel", in: header)?.x == 56)
  }

  @Test(arguments: ["0", "-5", "abc", "nan", "20000", ""])
  func aBadWidthExits64NamingTheOption(width: String) throws {
    let cli = try CLIHarness()
    let result = try cli.run(["render", "--width", width])
    #expect(result.code == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("stackfeed: --width takes a number of points from 1 to 10000, not \"\(width)\"\n"))
  }

  @Test(arguments: [
    (["--format", "pdf"], "stackfeed: --format takes json or svg or html or text, not \"pdf\""),
    (["--assets", "."], "stackfeed: --assets applies to --format svg and html only"),
    (["--mode", "stack", "--card-height", "0"], "stackfeed: --card-height must be greater than 0, got 0"),
  ])
  func otherBadUsageExits64(arguments: [String], message: String) throws {
    let result = try CLIHarness().run(["render"] + arguments)
    #expect(result.code == 64)
    #expect(result.stderr.hasPrefix(message + "\n"))
  }

  @Test func aMissingAssetsFolderExits66() throws {
    let cli = try CLIHarness()
    let result = try cli.run(["render", "--format", "svg", "--assets", cli.path("nowhere")])
    #expect(result.code == 66)
    #expect(result.stderr == "stackfeed: \(cli.path("nowhere")): no such folder\n")
  }

  @Test func outWritesTheWholeFileAndNothingOnStdout() throws {
    let cli = try CLIHarness()
    let target = cli.path("feed.svg")
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    let result = try cli.run(["render", "--format", "svg", "--out", target])
    #expect(result.code == 0)
    #expect(result.stdout.isEmpty)
    let svg = try String(contentsOfFile: target, encoding: .utf8)
    #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
    #expect(svg == (try cli.run(["render", "--format", "svg"])).stdout)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.hasPrefix(".") }.isEmpty)
  }

  /// The database fails on the 300th feed item, after the first page of rows was written: the old file stays
  /// as it was and no temporary file is left behind. The item's title turns into a number (SQLite) or NULL
  /// (PostgreSQL's CASE cannot mix types), which the feed item's plugin refuses.
  @Test(arguments: Backend.available)
  func outKeepsTheOldFileWhenTheRenderFailsHalfway(backend: Backend) throws {
    let cli = try CLIHarness()
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database, "--generate", "300"]).code == 0)
    let sabotage = """
      ALTER TABLE feed_item RENAME TO feed_item_data;
      CREATE VIEW feed_item AS SELECT id, CASE WHEN position >= 300 THEN \(backend == .sqlite ? "42" : "NULL")
        ELSE title END AS title, subtitle, tag, image, position FROM feed_item_data;
      """
    try db.execute(sabotage)
    let target = cli.path("feed.json")
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    let result = try cli.run(["render", "--db", database, "--out", target])
    #expect(result.code == 74)
    #expect(result.stderr.contains("title"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    let streamed = try cli.run(["render", "--db", database])
    #expect(streamed.code == 74)
    #expect(streamed.stdout.hasPrefix(#"{"schema": "stackfeed.render/1""#) && streamed.stdout.utf8.count > 100_000)
  }

  @Test func outIntoAMissingFolderExits74AndCreatesNothing() throws {
    let cli = try CLIHarness()
    let result = try cli.run(["render", "--out", cli.path("missing/feed.json")])
    #expect(result.code == 74)
    #expect(result.stderr.hasPrefix("stackfeed: \(cli.path("missing/feed.json")): cannot be written: "))
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }

  @Test(arguments: Backend.available)
  func anEmptyFeedRendersNoRows(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    #expect(try cli.run(["migrate", "--db", database]).code == 0)
    let result = try cli.run(["render", "--db", database])
    #expect(result.code == 0)
    #expect(result.stdout == #"{"schema": "stackfeed.render/1", "width": 390, "rows": []}"# + "\n")
  }

  @Test(arguments: Backend.available)
  func textFitsEightyColumnsAndStopsQuietlyWhenThePipeCloses(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    cli.environment["STACKFEED_DB"] = database.argument
    #expect(try cli.run(["seed"]).code == 0)
    let text = try cli.run(["render", "--format", "text"])
    #expect(text.code == 0)
    #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    let piped = try cli.shell(#"$BIN seed --generate 3000 >/dev/null && $BIN render --format text | head -1"#)
    #expect(piped.code == 0)
    #expect(piped.stdout == "▸ header profile · 56 pt\n")
  }

  /// docs/feed.svg (the README's picture) is what `render --format svg` gives today.
  @Test(arguments: Backend.available)
  func theReadmePictureIsUpToDate(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let assets = CLIHarness.repository.appendingPathComponent("docs/assets").path
    let svg = cli.path("feed.svg")
    let arguments = ["--format", "svg", "--width", "390", "--time-zone", "UTC", "--assets", assets, "--out", svg]
    #expect(try cli.run(["render", "--db", database] + arguments).code == 0)
    let committed = try String(
      contentsOf: CLIHarness.repository.appendingPathComponent("docs/feed.svg"), encoding: .utf8)
    #expect(try String(contentsOfFile: svg, encoding: .utf8) == committed, "run scripts/render-feed-picture.sh")
  }

  /// rsvg-convert, a real SVG renderer, turns docs/feed.svg into a 390-pixel-wide PNG.
  @Test(.requires(OptionalTool.rsvgConvert.isInstalled, OptionalTool.rsvgConvert.skipNote))
  func theReadmePictureConvertsToPNG() throws {
    let cli = try CLIHarness()
    #expect(try cli.pngWidth(convertingSVG: CLIHarness.repository.appendingPathComponent("docs/feed.svg").path) == 390)
  }
}
