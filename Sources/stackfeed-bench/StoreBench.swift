import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import PostgresCore

/// `stackfeed-bench store`: the feed store on the database `$STACKFEED_BENCH_DB` names (a SQLite file or a
/// `postgres://` URL), in process, so SQLite, PostgreSQL and `scripts/postgres_anchor.c` (raw libpq) pair up
/// without process start-up in the figures.
///
/// `store.seed`: `--rows` feed items generated into a fresh, migrated store in one transaction
/// (`FeedItemPlugin().generate`, what `seed --generate N --no-reference` runs: one prepared INSERT per row);
/// `store.page.first.round_trips` / `store.page.middle.round_trips` (PostgreSQL only): the round trips one such page
/// costs (`Connection.roundTrips`).
/// `store.page.first` / `store.page.middle`: one 20-row page composed (`FeedComposer.compose(after:limit: 20)`,
/// the work of `list --limit 20` and `/v1/feed` less the output) from the start and after the middle item,
/// median of 201 pages per rep, once the bundled reference seeds (header, order, 6 more feed items) are added:
/// the first page is the header, a feed item, the order and 17 more feed items. On PostgreSQL "fresh" is the
/// `public` schema dropped and made again; the database is left seeded for `postgres_anchor --pages`.
///
///     STACKFEED_BENCH_DB=postgres://stackfeed@127.0.0.1:5432/bench .build/release/stackfeed-bench store --rows 100000
enum StoreBench: BenchCommand {
  static let name = "store"
  static let summary = "the store on $STACKFEED_BENCH_DB (file or postgres:// URL): seed N items, 20-row pages"

  static func run(_ options: BenchOptions) throws -> [Figure] {
    guard let target = ProcessInfo.processInfo.environment["STACKFEED_BENCH_DB"], !target.isEmpty else {
      throw BenchError(code: 64, description: "set STACKFEED_BENCH_DB to a file or postgres:// URL it may replace")
    }
    let location = StoreLocation.resolve(option: target, environment: [:])
    let rows = options.cards
    var seed: [Double] = []
    var first: [Double] = []
    var middle: [Double] = []
    var roundTrips: [Figure] = []
    for _ in 0..<options.reps {
      let database = try fresh(location)
      var failure: (any Error)?
      seed.append(
        Stopwatch.seconds { do { try FeedItemPlugin().generate(rows, in: database) } catch { failure = error } })
      if let failure { throw failure }
      // Untimed: the bundled header, order and 6 feed items, so that the first page is a real one (header, feed
      // items, the order inserted after the first) and raw libpq's page (postgres_anchor.c) reads the same rows.
      let registry = try PluginRegistry.builtIn()
      try Seeder(registry: registry).seed(SeedFiles(registry.defaultSeedFolder.files), into: database, reset: false)
      let middleCursor = try page(database, after: nil, skipping: rows / 2)
      for _ in 0..<201 {
        first.append(try timedFirstPage(database))
        middle.append(try timedMiddlePage(database, after: middleCursor))
      }
      if case .postgres(let connection) = database {
        roundTrips = [
          Figure(
            name: "store.page.first.round_trips", value: Double(try self.roundTrips(connection, database, after: nil)),
            unit: "round trips", cards: rows),
          Figure(
            name: "store.page.middle.round_trips",
            value: Double(try self.roundTrips(connection, database, after: middleCursor)), unit: "round trips",
            cards: rows),
        ]
      }
    }
    return [
      Figure(name: "store.seed", samples: seed.map { Double(rows) / $0 }, unit: "rows/s", cards: rows),
      Figure(name: "store.page.first", samples: first.map { $0 * 1e6 }, unit: "us/page", cards: rows),
      Figure(name: "store.page.middle", samples: middle.map { $0 * 1e6 }, unit: "us/page", cards: rows),
    ] + roundTrips
  }

  /// The round trips to the server one 20-row page after `cursor` costs (`Connection.roundTrips`).
  private static func roundTrips(_ connection: Connection, _ database: StoreConnection, after cursor: FeedCursor?)
    throws -> Int
  {
    let before = connection.roundTrips
    _ = try timedPage(database, after: cursor)
    return connection.roundTrips - before
  }

  /// An empty, migrated store at `location`.
  private static func fresh(_ location: StoreLocation) throws -> StoreConnection {
    switch location.dialect {
    case .sqlite:
      return try BenchDatabase.fresh(location.path)
    case .postgres:
      let migrations = try PluginRegistry.builtIn().migrations
      let old = try FeedDatabase.open(location: location, migrations: migrations, now: Date.init).database
      try old.executeScript("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
      return try FeedDatabase.open(location: location, migrations: migrations, now: Date.init).database
    }
  }

  /// The cursor after `skipping` rows from `cursor`.
  private static func page(_ database: StoreConnection, after cursor: FeedCursor?, skipping: Int) throws
    -> FeedCursor?
  {
    try BenchDatabase.composer(database).compose(after: cursor, limit: skipping) { _ in }
  }

  /// `timedPage` from the start; a function of its own so that callgrind counts one kind of page
  /// (`--toggle-collect='*StoreBench*timedFirstPage*'`, docs/BENCHMARKS.md).
  @inline(never)
  private static func timedFirstPage(_ database: StoreConnection) throws -> Double {
    try timedPage(database, after: nil)
  }

  /// `timedPage` after `cursor`, for callgrind as `timedFirstPage`.
  @inline(never)
  private static func timedMiddlePage(_ database: StoreConnection, after cursor: FeedCursor?) throws -> Double {
    try timedPage(database, after: cursor)
  }

  /// Seconds to compose the 20 rows after `cursor`; checks that there were 20.
  private static func timedPage(_ database: StoreConnection, after cursor: FeedCursor?) throws -> Double {
    var count = 0
    var failure: (any Error)?
    let seconds = Stopwatch.seconds {
      do { try BenchDatabase.composer(database).compose(after: cursor, limit: 20) { _ in count += 1 } } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    guard count == 20 else { throw BenchError(code: 70, description: "a page had \(count) rows, not 20") }
    return seconds
  }
}
