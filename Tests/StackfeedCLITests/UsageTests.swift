import Foundation
import StackfeedTestSupport
import Testing

@Suite struct UsageTests {
  @Test(arguments: [
    (["list", "--limit", "0"], "stackfeed: --limit takes an integer ≥ 1, not \"0\""),
    (["list", "--limit"], "stackfeed: --limit needs a value"),
    (["list", "--format", "xml"], "stackfeed: --format takes text or json, not \"xml\""),
    (
      ["list", "--after", "nonsense"],
      "stackfeed: --after takes a cursor printed by an earlier list (\"next\"), not \"nonsense\""
    ),
    (
      ["list", "--time-zone", "Mars/Olympus"],
      "stackfeed: unknown time zone \"Mars/Olympus\" (expected an IANA name such as Europe/Paris)"
    ),
    (["list", "--after", "promo:0:0:-"], "stackfeed: the cursor \"promo:0:0:-\" names the unknown row kind \"promo\""),
    (["list", "extra"], "stackfeed: unexpected argument \"extra\""),
    (["seed", "--generate", "many"], "stackfeed: --generate takes an integer ≥ 0, not \"many\""),
    (["seed", "--kind", "feed_item"], "stackfeed: --kind goes with --generate N"),
    (
      ["seed", "--generate", "3", "--kind", "banner"],
      "stackfeed: --kind: unknown row kind \"banner\" (kinds: header, feed_item, product, order)"
    ),
    (
      ["seed", "--generate", "3", "--kind", "order"],
      "stackfeed: --kind: the row kind \"order\" has no generator (kinds with a generator: feed_item, product)"
    ),
    (
      ["list", "--limit", "99999999999999999999"],
      "stackfeed: --limit is out of range: 99999999999999999999 is more than 9223372036854775807"
    ),
    (
      ["list", "--limit", "-99999999999999999999"],
      "stackfeed: --limit takes an integer ≥ 1, not \"-99999999999999999999\""
    ),
    (["list", "--limit", "+-5"], "stackfeed: --limit takes an integer ≥ 1, not \"+-5\""),
    (["render", "--width", "10000.5"], "stackfeed: --width takes a number of points from 1 to 10000, not \"10000.5\""),
    (["migrate", "--reset"], "stackfeed: unknown option --reset"),
    (["frobnicate"], "stackfeed: unknown command \"frobnicate\""),
    (
      [],
      "stackfeed: a command is needed: migrate, seed, list, layout, render, gallery, serve, watch, token, users, products, "
        + "help"
    ),
  ])
  func badUsageExits64WithTheUsageOnStderr(arguments: [String], message: String) throws {
    let cli = try CLIHarness()
    #expect(try cli.run(["migrate", "--db", cli.path("u.sqlite")]).code == 0)
    let result = try cli.run(arguments + ["--db", cli.path("u.sqlite")])
    #expect(result.code == 64)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == message)
    #expect(lines.count == 2 && lines[1].hasPrefix("usage: stackfeed "))
  }

  @Test(arguments: ["migrate", "seed", "list", "layout", "render", "help"])
  func everyCommandHasHelp(command: String) throws {
    let cli = try CLIHarness()
    let result = try cli.run([command, "--help"])
    #expect(result.code == 0)
    #expect(result.stdout.hasPrefix("usage: stackfeed \(command)"))
    // --db only where it applies, with every place the database can come from.
    let usesDatabase = !["layout", "help"].contains(command)
    #expect(result.stdout.contains("--db PATH") == usesDatabase)
    #expect(
      result.stdout.contains("(~/.local/share/stackfeed/stackfeed.sqlite when XDG_DATA_HOME is unset)") == usesDatabase)
    #expect(result.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }

  @Test func topLevelHelpListsTheCommands() throws {
    let result = try CLIHarness().run(["--help"])
    #expect(result.code == 0)
    #expect(result.stdout.contains("  migrate       applies pending migrations"))
    #expect(result.stdout.contains("  list          prints the feed rows"))
    #expect(result.stdout.contains("  token create  makes an API token"))
  }

  @Test(arguments: Backend.available)
  func migrateReportsWhatItAppliedThenNothing(backend: Backend) throws {
    let cli = try CLIHarness()
    let db = try cli.database(backend)
    let database = db.name
    let first = try cli.run(["migrate", "--db", db.argument])
    #expect(
      first.stdout == """
        applied 0001_header_profile
        applied 0002_feed_item_create
        applied 0003_order_create
        applied 0004_account_users
        applied 0005_order_user
        applied 0006_account_tokens
        applied 0007_account_idempotency
        applied 0008_header_users
        applied 0009_account_changes
        applied 0010_account_images
        applied 0011_account_change_log
        applied 0012_product_search
        applied 0013_account_change_log_check
        \(database) is up to date (13 migration(s) applied)

        """)
    let second = try cli.run(["--db", db.argument, "migrate"])
    #expect(second.stdout == "\(database) is up to date\n")
    #expect(second.code == 0)
    #expect(
      try db.query("SELECT name FROM stackfeed_migrations ORDER BY name")
        == "0001_header_profile\n0002_feed_item_create\n0003_order_create\n0004_account_users\n0005_order_user\n"
        + "0006_account_tokens\n0007_account_idempotency\n0008_header_users\n0009_account_changes\n0010_account_images\n"
        + "0011_account_change_log\n0012_product_search\n0013_account_change_log_check")
  }

  @Test(arguments: Backend.available)
  func theDatabaseComesFromTheEnvironmentWithoutDb(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend, file: "env.sqlite")
    cli.environment["STACKFEED_DB"] = database.argument
    #expect(try cli.run(["seed"]).code == 0)
    #expect(try database.query("SELECT count(*) FROM feed_item") == "6")
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }

  /// A file that is not there is exit 66 (`list` never creates an empty database); a PostgreSQL database that
  /// does not exist is a database error, exit 74, naming the server and the database but not the password.
  @Test(arguments: Backend.available)
  func listingAMissingExplicitDatabaseIsRefusedNamingIt(backend: Backend) throws {
    let cli = try CLIHarness()
    switch backend {
    case .sqlite:
      let missing = cli.path("missing.sqlite")
      let result = try cli.run(["list", "--db", missing])
      #expect(result.code == 66)
      #expect(
        result.stderr
          == "stackfeed: \(missing): no database here (to create it: \(CLIHarness.binary.path) seed --db \(missing))\n")
      // Named by $STACKFEED_DB, the command to create it is the same without --db (the variable names it).
      cli.environment["STACKFEED_DB"] = missing
      let fromEnvironment = try cli.run(["list"])
      #expect(fromEnvironment.code == 66)
      #expect(
        fromEnvironment.stderr
          == "stackfeed: \(missing): no database here (to create it: \(CLIHarness.binary.path) seed)\n")
      #expect(try cli.run(["seed"]).code == 0)
      #expect(try cli.run(["list"]).code == 0, "the command the message gave made the database")
    case .postgres:
      let cluster = try PostgresCluster.shared()
      let result = try cli.run(["list", "--db", cluster.url(database: "missing")])
      #expect(result.code == 74)
      #expect(result.saysOnce("database error: …127.0.0.1…\"missing\" does not exist…"), "\(result.stderr)")
      #expect(!result.stderr.contains(cluster.password))
    }
  }

  @Test func aFileThatIsNotADatabaseExits74() throws {
    let cli = try CLIHarness()
    try Data("not a database at all, just text".utf8).write(to: URL(fileURLWithPath: cli.path("text.sqlite")))
    let result = try cli.run(["list", "--db", cli.path("text.sqlite")])
    #expect(result.code == 74)
    #expect(result.stderr.hasPrefix("stackfeed: database error: "))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }
}
