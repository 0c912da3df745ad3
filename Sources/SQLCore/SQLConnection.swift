/// One connection to a database, whatever the engine: what the store, the migrator, the seeder and the row
/// plugins use, so that none of them knows whether it runs on SQLite or PostgreSQL.
///
/// SQL takes its parameters as `$1`, `$2`, … (PostgreSQL's own spelling; SQLite binds `$N` by its number too),
/// so one statement serves both engines wherever their SQL agrees. Where it does not, ask ``dialect``:
///
///     func deleteAll(in db: some SQLConnection) throws {
///       try db.execute("DELETE FROM banner")
///     }
///     func load(from db: some SQLConnection) throws -> [String] {
///       try db.queryAll("SELECT id FROM banner WHERE rank > $1 ORDER BY rank", [.integer(0)]) {
///         try $0.string(at: 0)
///       }
///     }
///
/// A connection is used by one thread at a time.
public protocol SQLConnection {
  /// The current row of a query, read while the query runs.
  associatedtype Row: SQLRow
  /// A statement prepared once and run many times (bulk writes).
  associatedtype Statement: SQLStatement

  /// The SQL this connection speaks.
  var dialect: SQLDialect { get }
  /// True inside ``write(_:)``, ``read(_:)`` or ``migrating(_:)``.
  var isInTransaction: Bool { get }

  /// The prepared statement for `sql`, compiled once per connection and reused.
  func prepare(_ sql: String) throws -> Statement
  /// Runs one statement with `arguments` bound to `$1`, `$2`, …; rows it returns are skipped.
  func execute(_ sql: String, _ arguments: [SQLValue]) throws
  /// Runs several statements separated by `;`, without arguments: migrations.
  func executeScript(_ sql: String) throws
  /// Streams the rows of `sql` to `body`, one at a time: memory stays flat whatever the row count. A row is
  /// valid only inside `body`.
  func query(_ sql: String, _ arguments: [SQLValue], _ body: (Row) throws -> Void) throws
  /// ``query(_:_:_:)`` for a query that returns at most `rowsAtMost` rows (its `LIMIT`; nil: no bound): a
  /// backend may then receive a small result whole instead of row by row (PostgreSQL), handing the rows to
  /// `body` once all arrived; SQLite streams either way.
  func query(_ sql: String, _ arguments: [SQLValue], rowsAtMost: Int?, _ body: (Row) throws -> Void) throws
  /// The first row of `sql` turned into a value by `transform`, or nil when there is none.
  func queryOne<T>(_ sql: String, _ arguments: [SQLValue], _ transform: (Row) throws -> T) throws -> T?
  /// Runs `body` in a write transaction, committed when it returns and rolled back when it throws; inside
  /// another transaction it runs as a savepoint (its own work rolls back on a throw).
  func write<T>(_ body: () throws -> T) throws -> T
  /// Runs `body` in a read transaction: every query in it sees one snapshot of the database.
  func read<T>(_ body: () throws -> T) throws -> T
  /// Runs `body`, which runs at most one statement, as a read. One statement sees one snapshot by itself, so a
  /// backend may leave out the transaction (PostgreSQL sends no `BEGIN` and no `ROLLBACK`, and throws for a second
  /// statement; SQLite runs ``read(_:)``).
  func readOneStatement<T>(_ body: () throws -> T) throws -> T
  /// Says, inside ``read(_:)``, which statements the read will run (in any order): a backend that waits for a
  /// server per statement sends them in one round trip and keeps their results, and each statement the read then
  /// runs with the same SQL and arguments takes its kept result (PostgreSQL: one pipeline with the read's `BEGIN`,
  /// so all of them see the read's one snapshot). A statement not said, or said with other arguments, runs as
  /// usual; a kept result no statement takes is dropped when the read ends. Costs nothing where each statement is
  /// a library call (SQLite: the statements simply run in turn, each when the read runs it). A failure of a
  /// statement sent ahead is thrown here.
  func sendAhead(_ statements: [SQLQuery]) throws
  /// Whether ``sendAhead(_:)`` saves anything here (a server waited for per statement): where it does not, a caller
  /// need not even work out the statements.
  var sendsAhead: Bool { get }
  /// Runs `body` in a write transaction that holds the database's migration lock, so that two processes
  /// migrating one database at once apply each migration once (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: a
  /// transaction-scoped advisory lock).
  func migrating<T>(_ body: () throws -> T) throws -> T
  /// Whether a table named `name` exists (in the connection's schema).
  func tableExists(_ name: String) throws -> Bool
}

extension SQLConnection {
  /// Runs one statement without arguments.
  public func execute(_ sql: String) throws {
    try execute(sql, [])
  }

  /// Streams the rows of `sql`, which takes no arguments.
  public func query(_ sql: String, _ body: (Row) throws -> Void) throws {
    try query(sql, [], body)
  }

  /// The first row of `sql`, which takes no arguments.
  public func queryOne<T>(_ sql: String, _ transform: (Row) throws -> T) throws -> T? {
    try queryOne(sql, [], transform)
  }

  /// Every row of `sql`, each turned into a value by `transform`.
  public func queryAll<T>(
    _ sql: String, _ arguments: [SQLValue] = [], _ transform: (Row) throws -> T
  ) throws -> [T] {
    var results: [T] = []
    try query(sql, arguments) { results.append(try transform($0)) }
    return results
  }
}
