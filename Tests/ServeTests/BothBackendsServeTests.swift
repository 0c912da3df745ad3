import Foundation
import StackfeedTestSupport
import Testing

/// The serve tests parameterised over `Backend.available` serve PostgreSQL for real: a server started on a
/// `.postgres` database answers what is in that database. Without PostgreSQL this test is skipped with the note
/// that those cases ran on SQLite only and what to install.
@Suite(
  "serve: the cases on both backends",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct BothBackendsServeTests {
  @Test(
    "a server on a PostgreSQL test database answers what that database holds",
    .requires(PostgresPrograms.areUsable, Backend.postgresSkipNote))
  func thePostgreSQLCasesServePostgreSQL() throws {
    #expect(Backend.available == [.sqlite, .postgres])
    let server = try ServerProcess(.postgres)
    #expect(server.database.hasPrefix("postgres://"))
    try server.seed()
    try server.start(["--db", server.database, "--quiet"])
    #expect(try server.get("/v1/feed?limit=2").text.contains("THE FUTURE IS FUNCTIONAL"))
    // Changed behind the server's back, in PostgreSQL only: a page not asked before shows it (one asked before
    // may be remembered: the change was not announced, docs/STORAGE.md "The answer memo on PostgreSQL").
    try server.testDatabase.execute("UPDATE feed_item SET title = 'Written into PostgreSQL' WHERE position = 1")
    #expect(try server.get("/v1/feed?limit=3").text.contains("WRITTEN INTO POSTGRESQL"))
    #expect(!FileManager.default.fileExists(atPath: server.path("feed.sqlite")))
    #expect(server.stop() == 0)
  }
}
