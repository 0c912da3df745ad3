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
