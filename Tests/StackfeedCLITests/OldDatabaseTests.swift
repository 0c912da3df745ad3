import Foundation
import StackfeedTestSupport
import Testing

/// Databases made before each row kind owned its files, when every migration sat in one `Migrations/` folder of
/// the core's bundle: main at c9da66a made them (`stackfeed seed --db main-c9da66a.sqlite`; the same on a
/// PostgreSQL database, then `pg_dump --inserts --no-owner --no-privileges --no-comments`, the psql-only
/// `\restrict` lines taken out), kept in `Fixtures/`. Their `stackfeed_migrations` rows name the migrations as
/// they still are, with the checksums of the same bytes: each is recognised, none is applied again or refused;
/// the migrations added since (`0009_account_changes`, the store's change counter; `0010_account_images`, the stored
/// images; `0011_account_change_log`, the change log; `0012_product_search`, the catalogue's search index, filled from
/// the products already there; `0013_account_change_log_check`, the change log's rule on `op` as comparisons) are
/// applied.
@Suite struct OldDatabaseTests {
  static let fixtures = CLIHarness.repository.appendingPathComponent("Tests/StackfeedCLITests/Fixtures")

  /// A copy of the fixture database on `backend`.
  static func oldDatabase(_ backend: Backend, in cli: CLIHarness) throws -> TestDatabase {
    let database = try cli.database(backend, file: "old.sqlite")
    switch backend {
    case .sqlite:
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent("main-c9da66a.sqlite"), to: URL(fileURLWithPath: database.argument))
    case .postgres:
      try database.execute(
        String(contentsOf: fixtures.appendingPathComponent("main-c9da66a.postgres.sql"), encoding: .utf8))
    }
    return database
  }

  @Test(arguments: Backend.available)
  func migrateFindsNothingPendingAndTheFeedListsAsANewDatabasesDoes(backend: Backend) throws {
    let cli = try CLIHarness()
    let old = try Self.oldDatabase(backend, in: cli)
    let recorded = "SELECT name, checksum, applied_at FROM stackfeed_migrations ORDER BY name"
    let before = try old.query(recorded)
    #expect(before.split(separator: "\n").count == 8)

    let migrated = try cli.run(["migrate", "--db", old.argument])
    #expect(migrated.code == 0, "\(migrated.stderr)")
    #expect(
      migrated.stdout
        == "applied 0009_account_changes\napplied 0010_account_images\napplied 0011_account_change_log\n"
        + "applied 0012_product_search\napplied 0013_account_change_log_check\n"
        + "\(old.name) is up to date (5 migration(s) applied)\n")
    #expect(try old.query(recorded).hasPrefix(before + "\n0009_account_changes|"), "the old ones as they were")
    // The products already there are searchable: the migration folded their titles.
    let found = try cli.run(["products", "--db", old.argument, "--query", "T-SH", "--format", "json"])
    #expect(found.stdout.contains(#"{"id": "arrival-tshirt", "title": "Arrival T-Shirt", "image": "tshirt"}"#))
    #expect(try old.query("SELECT search FROM product WHERE id = 'arrival-tshirt'") == "arrival t shirt")

    let new = try cli.database(backend, file: "new.sqlite")
    #expect(try cli.run(["seed", "--db", new.argument]).code == 0)
    for format in ["text", "json"] {
      let listed = try cli.run(["list", "--db", old.argument, "--format", format])
      #expect(listed.code == 0, "\(listed.stderr)")
      #expect(listed.stdout == (try cli.run(["list", "--db", new.argument, "--format", format])).stdout)
    }
    // The same tables, indexes and rows as a new database's; only the migrations' times differ, and the old one
    // has no images until it is seeded again (below).
    let applied = { (line: String) in line.hasPrefix("stackfeed_migrations: ") }
    let image = { (line: String) in line.hasPrefix("images: ") }
    #expect(try old.dump().filter { !applied($0) } == (try new.dump()).filter { !applied($0) && !image($0) })

    // Seeding the reference feed again changes nothing (the rows are the bundled seeds' under their ids).
    let seeded = try cli.run(["seed", "--db", old.argument])
    #expect(
      seeded.stdout
        == "seeded feed_items.json, orders.json, products.json, profile.json, 10 images from bundled Seeds/\n")
    #expect(try old.dump().filter { !applied($0) } == (try new.dump()).filter { !applied($0) })
  }
}
