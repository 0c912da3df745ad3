import Foundation
import StackfeedTestSupport
import Testing

/// Outcomes that print nothing on stdout still say what happened on stderr (exit 0): an empty feed, a cursor
/// past the last row, a seed folder without seed files, a seed that loads nothing.
@Suite struct QuietOutcomeTests {
  /// A migrated database without data (named in messages by its path, or its URL without the password).
  static func emptyDatabase(_ cli: CLIHarness, _ backend: Backend) throws -> TestDatabase {
    let database = try cli.database(backend)
    let seeded = try cli.run(["seed", "--db", database.argument, "--no-reference"])
    #expect(seeded.stdout == "loaded nothing into \(database.name) (--no-reference)\n")
    return database
  }

  @Test(
    arguments: Backend.available,
    [["list"], ["list", "--format", "json"], ["render", "--format", "text"], ["render", "--mode", "stack"]])
  func anEmptyFeedIsNamedOnStderr(backend: Backend, command: [String]) throws {
    let cli = try CLIHarness()
    let database = try Self.emptyDatabase(cli, backend)
    let result = try cli.run(command + ["--db", database.argument])
    #expect(result.code == 0)
    #expect(
      result.stderr
        == "stackfeed: the feed in \(database.name) is empty (to load the reference feed: "
        + "\(CLIHarness.binary.path) seed --db \(database.name))\n")
  }

  @Test(arguments: Backend.available, [["--format", "json"], ["--format", "text"], ["--limit", "5"]])
  func aCursorAfterTheLastRowIsNamedOnStderr(backend: Backend, options: [String]) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    cli.environment["STACKFEED_DB"] = database.argument
    #expect(try cli.run(["seed"]).code == 0)
    let result = try cli.run(["list", "--after", "feed_item:9000:9000:9000"] + options)
    #expect(result.code == 0)
    #expect(
      result.stderr
        == "stackfeed: no rows after the cursor feed_item:9000:9000:9000: the feed in \(database.name) "
        + "ends before it\n")
    #expect(result.stdout == (options.contains("json") ? "{\"rows\": [], \"next\": null}\n" : ""))
    let last = try cli.run(["list", "--after", "feed_item:5:5:5"] + options)
    #expect(last.stderr.isEmpty)
    #expect(last.stdout.contains("TAKE ON THE HEAT"))
  }

  @Test(arguments: Backend.available)
  func aSeedFolderWithoutSeedFilesIsAWarning(backend: Backend) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder("nothing", [:])
    let database = try cli.database(backend)
    let result = try cli.run(["seed", "--db", database.argument, "--from", folder])
    #expect(result.code == 0)
    #expect(result.stdout == "seeded no seed files from \(folder)\n")
    #expect(
      result.stderr
        == "stackfeed: warning: \(folder) has none of the seed files "
        + "(feed_items.json, orders.json, products.json, profile.json, users.json): nothing was loaded\n")
    #expect(try database.query("SELECT count(*) FROM feed_item") == "0")
  }
}
