import Foundation
import StackfeedTestSupport
import Testing

/// The command tests parameterised over `Backend.available` run on PostgreSQL for real: a case on `.postgres`
/// writes into a database of the test cluster (not into a SQLite file), and its database is dropped when the
/// case ends. Without PostgreSQL this test is skipped with the note that those cases ran on SQLite only and what
/// to install.
@Suite struct BothBackendsTests {
  @Test(.requires(PostgresPrograms.areUsable, Backend.postgresSkipNote))
  func thePostgreSQLCasesRunOnPostgreSQLAndDropTheirDatabases() throws {
    #expect(Backend.available == [.sqlite, .postgres])
    let cli = try CLIHarness()
    var database: TestDatabase? = try Backend.postgres.makeDatabase(in: cli.folder)
    let url = try #require(database?.argument)
    #expect(url.hasPrefix("postgres://"))
    #expect(try database?.tables() == [])
    #expect(try cli.run(["seed", "--db", url]).code == 0)
    // The rows are in the PostgreSQL database, read back over libpq from this process …
    #expect(try database?.query("SELECT count(*) FROM feed_item") == "6")
    #expect(try database?.query("SELECT pg_typeof(position)::text FROM feed_item LIMIT 1") == "bigint")
    // … and no SQLite file was written anywhere (the default database included).
    let files = FileManager.default.enumerator(atPath: cli.folder.path)?.compactMap { $0 as? String } ?? []
    #expect(!files.contains { $0.hasSuffix(".sqlite") || $0.hasSuffix("-wal") }, "\(files)")
    let name = try #require(url.split(separator: "/").last.map(String.init))
    let cluster = TestDatabase(try PostgresCluster.shared().url())
    let exists = "SELECT count(*) FROM pg_database WHERE datname = '\(name)'"
    #expect(try cluster.query(exists) == "1")
    database = nil
    #expect(try cluster.query(exists) == "0", "the case's database outlived it")
  }
}
