import Foundation
import Testing

/// Issue 6, item 6, at the command line: a failing shipped migration, and processes racing to migrate.
@Suite struct ReliabilityMigrationTests {
  static let names = ["0001_header_profile", "0002_feed_item_create", "0003_order_create"]

  @Test func aFailingMigrationRollsBackCompletelyAndEarlierOnesStay() throws {
    let cli = try CLIHarness()
    let path = cli.path("clash.sqlite")
    // A table that 0003_order_create also creates, after its first statement (CREATE TABLE product).
    _ = try cli.sqlite(path, "CREATE TABLE orders (x)")
    let failed = try cli.run(["migrate", "--db", path])
    #expect(failed.code == 74)
    #expect(
      failed.saysOnce(
        "database migration refused: migration 0003_order_create failed and was rolled back: "
          + "table orders already exists (SQLite error 1)"), "\(failed.stderr)")
    #expect(
      try cli.sqlite(path, "SELECT name FROM stackfeed_migrations ORDER BY name")
        == Self.names.prefix(2).joined(separator: "\n"))
    let tables = try cli.sqlite(path, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    #expect(tables == "feed_item\norders\nprofile\nstackfeed_migrations")
    _ = try cli.sqlite(path, "DROP TABLE orders")
    let retried = try cli.run(["migrate", "--db", path])
    #expect(retried.stdout == "applied 0003_order_create\n\(path) is up to date (1 migration(s) applied)\n")
  }

  @Test func processesMigratingOneFreshFileAtOnceEndWithOneCorrectSchema() throws {
    let cli = try CLIHarness()
    let reference = cli.path("reference.sqlite")
    #expect(try cli.run(["migrate", "--db", reference]).code == 0)
    let schema = try cli.sqlite(reference, ".schema")
    for round in 0..<4 {
      let path = cli.path("race-\(round).sqlite")
      let script =
        (0..<4).map { "\"$BIN\" migrate --db '\(path)' >'\(path).out.\($0)' 2>&1 & " }.joined()
        + "fails=0; for job in $(jobs -p); do wait $job || fails=$((fails + 1)); done; exit $fails"
      let raced = try cli.shell(script)
      #expect(raced.code == 0, "round \(round): \(raced.stdout)\(raced.stderr)")
      #expect(try cli.sqlite(path, ".schema") == schema)
      #expect(
        try cli.sqlite(path, "SELECT name FROM stackfeed_migrations ORDER BY name")
          == Self.names.joined(separator: "\n"))
      #expect(try cli.sqlite(path, "PRAGMA integrity_check") == "ok")
      let outputs = try (0..<4).map { try String(contentsOfFile: "\(path).out.\($0)", encoding: .utf8) }
      #expect(outputs.map { $0.components(separatedBy: "applied 0").count - 1 }.reduce(0, +) == 3, "\(outputs)")
    }
  }
}
