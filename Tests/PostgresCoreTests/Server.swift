import PostgresCore
import StackfeedTestSupport
import Testing

/// A new, empty database of the shared test cluster, and a connection to it.
func freshDatabase() throws -> (connection: Connection, url: String) {
  let url = try PostgresCluster.shared().makeDatabase()
  return (try Connection(url), url)
}

/// The trait of every test that needs a PostgreSQL server: skipped, saying why, without one.
let needsPostgres = ConditionTrait.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote)

/// The statements of the round-trip tests, over the table ``threeRows()`` makes.
enum ThreeRows {
  static let above = "SELECT v FROM t WHERE v > $1 ORDER BY v"
  static let sum = "SELECT sum(v) FROM t"
}

/// A fresh database with a table `t` of the values 1, 2 and 3, and ``ThreeRows``' statements prepared on its
/// connection (once per session, so that the round trips counted after are the statements' own).
func threeRows() throws -> (Connection, String) {
  let (db, url) = try freshDatabase()
  try db.executeScript("CREATE TABLE t (v bigint); INSERT INTO t VALUES (1), (2), (3)")
  _ = try db.prepare(ThreeRows.above)
  _ = try db.prepare(ThreeRows.sum)
  return (db, url)
}

/// The round trips `body` costs on `db`.
func roundTrips(_ db: Connection, _ body: () throws -> Void) rethrows -> Int {
  let before = db.roundTrips
  try body()
  return db.roundTrips - before
}
