import Foundation
import StackfeedTestSupport
import Testing

@Suite struct ListCommandTests {
  static let referenceJSON = """
    {"rows": [
      {"kind": "header", "id": "profile", "texts": {"headline": "HI, RUSSELL", "initials": "RW"}},
      {"kind": "feed_item", "id": "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0001", "texts": {"title": "THE FUTURE IS FUNCTIONAL", "subtitle": "Get after your goals in new Apex", "tag": "NEW RELEASES", "image": "functional-male"}},
      {"kind": "order", "id": "8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001", "texts": {"title": "IT'S FUFILLED", "subtitle": "Ordered on 06 Jul 21"}, "gallery": [{"image": "tshirt", "overlay": null}, {"image": "top", "overlay": null}, {"image": "hoodie", "overlay": null}, {"image": "shorts", "overlay": "+3"}]},
      {"kind": "feed_item", "id": "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0002", "texts": {"title": "PRESS RESET", "subtitle": "The newest collection is here", "tag": null, "image": "reset"}},
      {"kind": "feed_item", "id": "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0003", "texts": {"title": "THE FUTURE IS FUNCTIONAL", "subtitle": "Get after your goals in new Apex", "tag": "NEW RELEASES", "image": "functional-female"}},
      {"kind": "feed_item", "id": "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0004", "texts": {"title": "RAISE THE BAR", "subtitle": "Level up in Vital Rise", "tag": null, "image": "raise"}},
      {"kind": "feed_item", "id": "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0005", "texts": {"title": "MUST HAVES", "subtitle": "Your key piece inspo", "tag": null, "image": "must-have"}},
      {"kind": "feed_item", "id": "2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0006", "texts": {"title": "TAKE ON THE HEAT", "subtitle": "In summer activewear", "tag": null, "image": "flex"}}
    ], "next": null}

    """

  @Test func firstListCreatesAndSeedsTheDefaultDatabaseAndSaysSo() throws {
    let cli = try CLIHarness()
    let first = try cli.run(["list", "--format", "json", "--time-zone", "UTC"])
    #expect(first.code == 0)
    #expect(first.stdout == Self.referenceJSON)
    #expect(first.stderr == "stackfeed: created \(cli.defaultDatabase) and seeded it with the bundled reference feed\n")
    let second = try cli.run(["list", "--format", "json", "--time-zone", "UTC"])
    #expect(second.stdout == Self.referenceJSON)
    #expect(second.stderr.isEmpty)
    #expect(second.code == 0)
  }

  @Test(arguments: Backend.available)
  func textListingFitsEightyColumns(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let result = try cli.run(["list", "--db", database.argument])
    #expect(result.code == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(lines.prefix(3) == ["header     headline  HI, RUSSELL", "           initials  RW", ""])
    #expect(result.stdout.contains("order      title     IT'S FUFILLED\n           subtitle  Ordered on 06 Jul 21\n"))
    #expect(result.stdout.contains("           gallery   tshirt, top, hoodie, shorts +3\n"))
  }

  /// The wide title comes from a seed file; the controls, which the rules refuse in seed files, from a row written
  /// before there were rules (here by SQL).
  @Test(arguments: Backend.available)
  func wideCharactersAndControlsKeepTextLinesWithinEightyTerminalColumns(backend: Backend) throws {
    let cli = try CLIHarness()
    let title = String(repeating: "未来は機能的です", count: 5)
    let folder = try cli.seedFolder(
      "wide", ["feed_items.json": #"[{"id": "w", "title": "\#(title)", "subtitle": "s"}]"#])
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument, "--from", folder]).code == 0)
    let character = backend == .sqlite ? "char" : "chr"
    try database.execute(
      "UPDATE feed_item SET subtitle = 'one' || \(character)(9) || 'two' || \(character)(10) || 'three' WHERE id = 'w'")
    let result = try cli.run(["list", "--db", database.argument])
    // 21 columns of labels, then 29 CJK characters (58 columns) and the ellipsis: 80 in all.
    #expect(
      result.stdout == "feed_item  title     未来は機能的です未来は機能的です未来は機能的です未来は機能…\n"
        + "           subtitle  one two three\n\n")
  }

  @Test(arguments: Backend.available)
  func pagesChainThroughNextCursors(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    cli.environment["STACKFEED_DB"] = database.argument
    #expect(try cli.run(["seed"]).code == 0)
    let first = try cli.run(["list", "--format", "json", "--limit", "3"])
    #expect(first.stdout.hasSuffix("], \"next\": \"order:0:1:1\"}\n"))
    let second = try cli.run(["list", "--format", "json", "--limit", "3", "--after", "order:0:1:1"])
    #expect(second.stdout.contains("5b0a7c1e0002"))
    #expect(second.stdout.hasSuffix("], \"next\": \"feed_item:4:4:4\"}\n"))
    let last = try cli.run(["list", "--format", "json", "--limit", "3", "--after", "feed_item:4:4:4"])
    #expect(last.stdout.components(separatedBy: "{\"kind\": ").count - 1 == 2)
    #expect(last.stdout.hasSuffix("], \"next\": null}\n"))
    let text = try cli.run(["list", "--limit", "2"])
    #expect(text.stdout.hasSuffix("more: \(CLIHarness.binary.path) list --limit 2 --after feed_item:1:1:1\n"))
  }

  @Test(arguments: Backend.available)
  func timeZoneComesFromTheOptionThenTZ(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    cli.environment["STACKFEED_DB"] = database.argument
    #expect(try cli.run(["seed"]).code == 0)
    cli.environment["TZ"] = "Pacific/Kiritimati"
    let fromTZ = try cli.run(["list", "--format", "json"])
    #expect(fromTZ.stdout.contains("Ordered on 07 Jul 21"))
    let fromOption = try cli.run(["list", "--format", "json", "--time-zone", "America/Los_Angeles"])
    #expect(fromOption.stdout.contains("Ordered on 06 Jul 21"))
  }

  @Test(arguments: Backend.available)
  func aClosedPipeEndsTheListingQuietly(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument, "--generate", "20000"]).code == 0)
    cli.environment["STACKFEED_DB"] = database.argument
    let result = try cli.shell("\"$BIN\" list --format json | head -c 100 >/dev/null")
    #expect(result.code == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test func theBinaryCarriesItsMigrationsAndSeedsWhenCopiedElsewhere() throws {
    let cli = try CLIHarness()
    let copy = URL(fileURLWithPath: cli.path("elsewhere/stackfeed"))
    try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: CLIHarness.binary, to: copy)
    let database = cli.path("copied.sqlite")
    #expect(try cli.run(["seed", "--db", database], executable: copy).code == 0)
    let listed = try cli.run(["list", "--db", database, "--format", "json", "--time-zone", "UTC"], executable: copy)
    #expect(listed.stdout == Self.referenceJSON)
    let bootstrapped = try cli.run(["list", "--format", "json", "--time-zone", "UTC"], executable: copy)
    #expect(bootstrapped.stdout == Self.referenceJSON)
  }
}
