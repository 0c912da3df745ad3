import FeedStore
import HTTPServer

/// How `serve` fits its client connections in the file descriptor limit (`ulimit -n`): it keeps the descriptors
/// everything else needs — those open at start (standard streams, the database opened to migrate it), the
/// server's own (``HTTPServer/Configuration/serverDescriptors``), the database connections' at their bound, and
/// a margin for files opened for a moment — and serves at most as many connections as fit in the rest.
struct ServeDescriptors: Equatable {
  /// Descriptors kept beside the counted ones, for files open a moment (a time zone file being read) and for
  /// those SQLite keeps a while after a connection closed (until the process's other connections release their
  /// locks on the file).
  static let margin = 8

  /// The descriptors kept for everything but client connections.
  var reserved: Int

  /// What is kept when `openNow` descriptors are open, the server needs `server` and the database `database` at
  /// most.
  init(openNow: Int, server: Int, database: Int) {
    reserved = openNow + server + database + Self.margin
  }

  /// The connection limit to serve with under `limit`: `wanted`, or fewer to fit (0: not one fits).
  func connections(wanted: Int, under limit: DescriptorLimit) -> Int {
    limit.connections(wanted: wanted, reserved: reserved)
  }

  /// The most descriptors `connections` database connections to `location` hold: a SQLite connection keeps the
  /// file and its `-wal` open (and the process one `-shm` for all), a PostgreSQL connection one socket.
  static func database(_ location: StoreLocation, connections: Int) -> Int {
    location.dialect == .postgres ? connections : 2 * connections + 1
  }
}
