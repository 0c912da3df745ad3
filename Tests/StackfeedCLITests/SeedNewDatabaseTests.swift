import Foundation
import StackfeedTestSupport
import Testing

/// `seed` on a database file that does not exist yet (or an empty PostgreSQL database): `--generate` starts from the
/// reference feed, and a refused seed leaves no file (nor folder, nor table) behind.
@Suite struct SeedNewDatabaseTests {
  /// The kinds of the rows `list` prints, in order.
  static func kinds(_ cli: CLIHarness, _ database: String) throws -> [String] {
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    return listed.stdout.components(separatedBy: "{\"kind\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }

  @Test(arguments: Backend.available)
  func generateOnANewDatabaseLoadsTheReferenceFeedFirst(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    let result = try cli.run(["seed", "--db", database, "--generate", "3"])
    #expect(result.code == 0)
    #expect(
      result.stdout
        == "seeded feed_items.json, orders.json, products.json, profile.json, 10 images from bundled Seeds/\n"
        + "generated 3 feed items\n")
    let reference = ["header", "feed_item", "order"] + Array(repeating: "feed_item", count: 5)
    #expect(try Self.kinds(cli, database) == reference + Array(repeating: "feed_item", count: 3))
    // On the existing database it only appends.
    let again = try cli.run(["seed", "--db", database, "--generate", "2"])
    #expect(again.stdout == "generated 2 feed items\n")
    #expect(try Self.kinds(cli, database) == reference + Array(repeating: "feed_item", count: 5))
  }

  @Test(arguments: Backend.available)
  func noReferenceGeneratesIntoAnEmptyFeed(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    let result = try cli.run(["seed", "--db", database, "--generate", "3", "--no-reference"])
    #expect(result.stdout == "generated 3 feed items\n")
    #expect(try Self.kinds(cli, database) == ["feed_item", "feed_item", "feed_item"])
    let both = try cli.run(["seed", "--db", database, "--from", cli.path("x"), "--no-reference"])
    #expect(both.code == 64)
    #expect(both.stderr.hasPrefix("stackfeed: --from and --no-reference exclude each other\n"))
  }

  @Test(arguments: [[], ["--reset"], ["--generate", "4"]])
  func aRefusedSeedOnANewPathLeavesNoFileOrFolder(extra: [String]) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder("bad", ["feed_items.json": #"[{"id": "a", "title": 7}]"#])
    let database = cli.path("new/deeper/feed.sqlite")
    let result = try cli.run(["seed", "--db", database, "--from", folder] + extra)
    #expect(result.code == 65)
    #expect(result.saysOnce(#"feed_items.json: record 0 (id "a"): field "title": expected a string, found …"#))
    #expect(!FileManager.default.fileExists(atPath: cli.path("new")))
    // An existing folder stays; only what the run created goes.
    try FileManager.default.createDirectory(atPath: cli.path("kept"), withIntermediateDirectories: true)
    let kept = try cli.run(["seed", "--db", cli.path("kept/feed.sqlite"), "--from", folder] + extra)
    #expect(kept.code == 65)
    #expect(try FileManager.default.contentsOfDirectory(atPath: cli.path("kept")).isEmpty)
  }

  @Test(arguments: Backend.available)
  func aRefusedSeedOnAnExistingDatabaseKeepsIt(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let before = try database.dump()
    let folder = try cli.seedFolder("bad", ["feed_items.json": "[{]"])
    #expect(try cli.run(["seed", "--db", database.argument, "--from", folder]).code == 65)
    #expect(try database.dump() == before)
  }

  /// The PostgreSQL side of `aRefusedSeedOnANewPathLeavesNoFileOrFolder`: the database exists, its tables not.
  @Test(
    .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote),
    arguments: [[], ["--reset"], ["--generate", "4"]])
  func aRefusedSeedOnAnEmptyPostgreSQLDatabaseCreatesNoTable(extra: [String]) throws {
    let cli = try CLIHarness()
    let database = try cli.database(.postgres)
    let folder = try cli.seedFolder("bad", ["feed_items.json": #"[{"id": "a", "title": 7}]"#])
    let result = try cli.run(["seed", "--db", database.argument, "--from", folder] + extra)
    #expect(result.code == 65)
    #expect(result.saysOnce(#"feed_items.json: record 0 (id "a"): field "title": expected a string, found …"#))
    #expect(try database.tables().isEmpty)
  }
}
