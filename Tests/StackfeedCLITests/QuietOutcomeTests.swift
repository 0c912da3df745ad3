import Foundation
import Testing

/// Outcomes that print nothing on stdout still say what happened on stderr (exit 0): an empty feed, a cursor
/// past the last row, a seed folder without seed files, a seed that loads nothing.
@Suite struct QuietOutcomeTests {
  /// A migrated database without data.
  static func emptyDatabase(_ cli: CLIHarness) throws -> String {
    let database = cli.path("empty.sqlite")
    let seeded = try cli.run(["seed", "--db", database, "--no-reference"])
    #expect(seeded.stdout == "loaded nothing into \(database) (--no-reference)\n")
    return database
  }

  @Test(arguments: [
    ["list"], ["list", "--format", "json"], ["render", "--format", "text"], ["render", "--mode", "stack"],
  ])
  func anEmptyFeedIsNamedOnStderr(command: [String]) throws {
    let cli = try CLIHarness()
    let database = try Self.emptyDatabase(cli)
    let result = try cli.run(command + ["--db", database])
    #expect(result.code == 0)
    #expect(
      result.stderr
        == "stackfeed: the feed in \(database) is empty (to load the reference feed: "
        + "\(CLIHarness.binary.path) seed --db \(database))\n")
  }

  @Test(arguments: [["--format", "json"], ["--format", "text"], ["--limit", "5"]])
  func aCursorAfterTheLastRowIsNamedOnStderr(options: [String]) throws {
    let cli = try CLIHarness()
    _ = try cli.run(["seed"])
    let result = try cli.run(["list", "--after", "feed_item:9000:9000:9000"] + options)
    #expect(result.code == 0)
    #expect(
      result.stderr
        == "stackfeed: no rows after the cursor feed_item:9000:9000:9000: the feed in \(cli.defaultDatabase) "
        + "ends before it\n")
    #expect(result.stdout == (options.contains("json") ? "{\"rows\": [], \"next\": null}\n" : ""))
    let last = try cli.run(["list", "--after", "feed_item:5:5:5"] + options)
    #expect(last.stderr.isEmpty)
    #expect(last.stdout.contains("TAKE ON THE HEAT"))
  }

  @Test func aSeedFolderWithoutSeedFilesIsAWarning() throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder("nothing", [:])
    let result = try cli.run(["seed", "--db", cli.path("n.sqlite"), "--from", folder])
    #expect(result.code == 0)
    #expect(result.stdout == "seeded no seed files from \(folder)\n")
    #expect(
      result.stderr
        == "stackfeed: warning: \(folder) has none of the seed files "
        + "(feed_items.json, orders.json, products.json, profile.json): nothing was loaded\n")
  }
}
