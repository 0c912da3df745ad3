import Foundation
import StackfeedTestSupport
import Testing

/// `list --limit`'s last line, `more: COMMAND`, is a command to paste: it runs the same binary on the same
/// database with the same options and lists the next page. A PostgreSQL URL is shown without its password, which
/// the pasted command then takes from `$PGPASSWORD` (or `~/.pgpass`).
@Suite struct NextPageHintTests {
  /// The command after `more: ` on the last line of `stdout`, if any.
  static func hint(_ stdout: String) -> String? {
    stdout.split(separator: "\n").last.flatMap { $0.hasPrefix("more: ") ? String($0.dropFirst(6)) : nil }
  }

  @Test(arguments: Backend.available)
  func pastingTheHintListsTheNextPageOfTheSameDatabaseTheSameWay(backend: Backend) throws {
    let cli = try CLIHarness()
    let db = try cli.database(backend, file: "a folder with spaces/it's.sqlite")
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database, "--generate", "5"]).code == 0)
    _ = try cli.run(["list"])  // the default database: a different feed, which the hint must not page
    let options = ["--format", "text", "--limit", "3", "--time-zone", "Pacific/Kiritimati"]
    let first = try cli.run(["list", "--db", database] + options)
    let hint = try #require(Self.hint(first.stdout))
    let shownDatabase =
      backend == .sqlite ? "'\(cli.folder.path)/a folder with spaces/it'\\''s.sqlite'" : db.name
    #expect(
      hint
        == "\(CLIHarness.binary.path) list --db \(shownDatabase) "
        + "--format text --limit 3 --time-zone Pacific/Kiritimati --after order:0:1:1")
    if backend == .postgres {
      #expect(!hint.contains(try PostgresCluster.shared().password))
      cli.environment["PGPASSWORD"] = try PostgresCluster.shared().password
    }
    let pasted = try cli.shell(hint)
    let direct = try cli.run(["list", "--db", database] + options + ["--after", "order:0:1:1"])
    #expect(pasted.code == 0)
    #expect(pasted.stdout == direct.stdout)
    #expect(pasted.stdout.contains("PRESS RESET"))  // the reference feed's second item, then generated ones
    // Following the hints to the end lists every row once: the header, 6 + 5 feed items, the order.
    var stdout = first.stdout
    var pages = [first.stdout]
    while let next = Self.hint(stdout), pages.count <= 5 {  // bounded: a hint that does not move on fails below
      stdout = try cli.shell(next).stdout
      pages.append(stdout)
    }
    #expect(pages.count == 5)
    let kinds = pages.joined().split(separator: "\n").filter { line in
      ["header ", "feed_item ", "order "].contains { line.hasPrefix($0) }
    }
    #expect(kinds.count == 13)
  }

  @Test(arguments: Backend.available)
  func theHintFromTheEnvironmentsDatabaseNamesNoDb(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    cli.environment["STACKFEED_DB"] = database.argument
    #expect(try cli.run(["seed"]).code == 0)
    let first = try cli.run(["list", "--limit", "2"])
    #expect(Self.hint(first.stdout) == "\(CLIHarness.binary.path) list --limit 2 --after feed_item:1:1:1")
  }
}
