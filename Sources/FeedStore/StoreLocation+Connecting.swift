import PostgresCore
import SQLiteCore

extension StoreLocation {
  /// A new connection to the database here, not migrated: the one way the package opens one (the commands
  /// through ``FeedDatabase/open(location:migrations:now:)``, the server's read and write pools, its token-use
  /// log). On SQLite `readOnly` opens the file read-only, and without `creating` a missing file is an error
  /// (`DatabaseError.isCantOpen`) instead of a new empty database; on PostgreSQL the database must exist, and a
  /// read is made read-only by its transaction (`read { }`), not by the session.
  ///
  ///     let database = try location.connect(creating: false)   // never a new file where one went missing
  public func connect(readOnly: Bool = false, creating: Bool = true) throws -> StoreConnection {
    switch dialect {
    case .sqlite: .sqlite(try connectSQLite(readOnly: readOnly, creating: creating))
    case .postgres: .postgres(try connectPostgres())
    }
  }

  /// ``connect(readOnly:creating:)`` of a SQLite location, as SQLiteCore's `Database`.
  public func connectSQLite(readOnly: Bool = false, creating: Bool = true) throws -> Database {
    try Database(path: path, readOnly: readOnly, creating: creating)
  }

  /// ``connect(readOnly:creating:)`` of a PostgreSQL location, as PostgresCore's `Connection`.
  public func connectPostgres() throws -> PostgresCore.Connection {
    try PostgresCore.Connection(path)
  }
}
