import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import PostgresCore
import StackfeedTestSupport
import Testing

/// The round trips a page costs on PostgreSQL (docs/STORAGE.md, "Round trips per page"): one, whether its rows
/// all come from the stream or, as on the first page, from three plugins' queries (header, stream, inserted order),
/// sent ahead in one pipeline. A round trip that comes back (a BEGIN or ROLLBACK waited for, the stream read in
/// two runs, a plugin's statement not sent ahead) fails here.
@Suite(.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct PostgresRoundTripTests {
  @Test func everyPageIsOneRoundTrip() throws {
    let url = try PostgresCluster.shared().makeDatabase()
    let registry = try PluginRegistry.builtIn()
    let database = try FeedDatabase.open(
      location: StoreLocation.resolve(option: url, environment: [:]), migrations: registry.migrations,
      now: { Date(timeIntervalSince1970: 0) }
    ).database
    guard case .postgres(let connection) = database else {
      Issue.record("\(url) did not open on PostgreSQL")
      return
    }
    try Seeder(registry: registry).seed(SeedFiles.text(SeedFiles.referenceTexts), into: database, reset: false)
    try FeedItemPlugin().generate(100, in: database)
    let composer = FeedComposer(registry: registry, database: database, context: RowContext(timeZone: TimeZone.gmt))
    func page(after cursor: FeedCursor?, limit: Int?) throws -> (rows: [String], next: FeedCursor?, roundTrips: Int) {
      var rows: [String] = []
      let before = connection.roundTrips
      let next = try composer.compose(after: cursor, limit: limit) { rows.append($0.summary) }
      return (rows, next, connection.roundTrips - before)
    }
    let all = try page(after: nil, limit: nil).rows
    let first = try page(after: nil, limit: 20)
    #expect(first.rows == Array(all.prefix(20)))
    #expect(first.rows.prefix(3).map { $0.split(separator: " ")[0] } == ["header", "feed_item", "order"])
    #expect(first.roundTrips == 1)
    let middle = try page(after: first.next, limit: 20)
    #expect(middle.rows == Array(all.dropFirst(20).prefix(20)))
    #expect(middle.roundTrips == 1)
    // The last page, shorter than its limit: still one round trip, and no next cursor.
    let skipped = try page(after: nil, limit: all.count - 5)
    let last = try page(after: skipped.next, limit: 20)
    #expect(last.rows == Array(all.suffix(5)) && last.next == nil && last.roundTrips == 1)
  }
}
