import FeedServer
import StackfeedTestSupport
import Testing

/// The API tests parameterised over `Backend.available` serve a PostgreSQL database for real. Without PostgreSQL
/// this test is skipped with the note that those cases ran on SQLite only and what to install (and fails, naming
/// it, under `STACKFEED_REQUIRE_ALL_TESTS=1`).
@Suite struct BothBackendsTests {
  @Test(.requires(PostgresPrograms.areUsable, Backend.postgresSkipNote))
  func thePostgreSQLCasesServePostgreSQL() throws {
    #expect(Backend.available == [.sqlite, .postgres])
    let api = try TestAPI(.postgres)
    #expect(api.database.argument.hasPrefix("postgres://"))
    let response = api.get("/v1/feed?limit=2")
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self).contains("\"HI, RUSSELL\""))
  }
}
