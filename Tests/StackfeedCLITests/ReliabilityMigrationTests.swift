import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 6, at the command line: a failing shipped migration, and processes racing to migrate.
@Suite struct ReliabilityMigrationTests {
  static let names = [
    "0001_header_profile", "0002_feed_item_create", "0003_order_create", "0004_account_users", "0005_order_user",
    "0006_account_tokens", "0007_account_idempotency", "0008_header_users", "0009_account_changes",
    "0010_account_images",
    "0011_account_change_log",
    "0012_product_search",
    "0013_account_change_log_check",
  ]

  @Test(arguments: Backend.available)
  func aFailingMigrationRollsBackCompletelyAndEarlierOnesStay(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend, file: "clash.sqlite")
    // A table that 0003_order_create also creates, after its first statement (CREATE TABLE product).
    try database.execute(backend == .sqlite ? "CREATE TABLE orders (x)" : "CREATE TABLE orders (x integer)")
    let failed = try cli.run(["migrate", "--db", database.argument])
    #expect(failed.code == 74)
    let problem =
      backend == .sqlite
      ? "table orders already exists (SQLite error 1)"
      : #"relation "orders" already exists (PostgreSQL SQLSTATE 42P07)…"#
    #expect(
      failed.saysOnce("database migration refused: migration 0003_order_create failed and was rolled back: " + problem),
      "\(failed.stderr)")
    #expect(
      try database.query("SELECT name FROM stackfeed_migrations ORDER BY name")
        == Self.names.prefix(2).joined(separator: "\n"))
    #expect(try database.tables() == ["feed_item", "orders", "profile", "stackfeed_migrations"])
    try database.execute("DROP TABLE orders")
    let retried = try cli.run(["migrate", "--db", database.argument])
    let applied = Self.names.dropFirst(2).map { "applied \($0)\n" }.joined()
    #expect(
      retried.stdout == applied + "\(database.name) is up to date (\(Self.names.count - 2) migration(s) applied)\n")
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
      #expect(
        outputs.map { $0.components(separatedBy: "applied 0").count - 1 }.reduce(0, +) == Self.names.count, "\(outputs)"
      )
    }
  }
}
