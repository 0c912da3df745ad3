import PostgresCore
import SQLCore
import SQLiteCore

/// The connection a feed runs on, on one of the store's backends: what the row plugins, the seeder and the
/// composer are given. It speaks `SQLCore`'s backend-neutral interface (``SQLConnection``), which each backend
/// implements in its own module, and forwards each call to its backend with one `switch`: no backend code here.
///
/// Why a concrete enum rather than plugins generic over `some SQLConnection` or an existential: the composer
/// calls plugins through `any RowPlugin`, so a generic plugin method runs unspecialised, reading every column
/// through a witness table and asking the runtime for the row type's metadata on each row — measured +1.95 %
/// instructions on `list --format json` (docs/BENCHMARKS.md, "Two backends"); with this enum the accessors
/// inline into the plugin as a branch and a direct call.
///
///     let db = StoreConnection.sqlite(try Database(path: "/tmp/feed.sqlite"))   // or .postgres(try Connection(url))
///     try db.query("SELECT id FROM feed_item WHERE position > $1", [.integer(0)]) { print(try $0.string(at: 0)) }
public enum StoreConnection {
  /// A SQLite database file.
  case sqlite(Database)
  /// A PostgreSQL database.
  case postgres(PostgresCore.Connection)
}

extension StoreConnection: SQLConnection {
  /// The dialect of the backend.
  @inlinable public var dialect: SQLDialect {
    switch self {
    case .sqlite: return .sqlite
    case .postgres: return .postgres
    }
  }

  /// True inside a transaction.
  @inlinable public var isInTransaction: Bool {
    switch self {
    case .sqlite(let db): return db.isInTransaction
    case .postgres(let db): return db.isInTransaction
    }
  }

  /// The backend's prepared statement for `sql`.
  @inlinable public func prepare(_ sql: String) throws -> StoreStatement {
    switch self {
    case .sqlite(let db): return .sqlite(try db.prepare(sql))
    case .postgres(let db): return .postgres(try db.prepare(sql))
    }
  }

  /// Runs one statement with `arguments` bound to `$1`, `$2`, ….
  @inlinable public func execute(_ sql: String, _ arguments: [SQLValue]) throws {
    switch self {
    case .sqlite(let db): try db.execute(sql, arguments)
    case .postgres(let db): try db.execute(sql, arguments)
    }
  }

  /// Runs several statements, without arguments.
  @inlinable public func executeScript(_ sql: String) throws {
    switch self {
    case .sqlite(let db): try db.executeScript(sql)
    case .postgres(let db): try db.executeScript(sql)
    }
  }

  /// Streams the rows of `sql` to `body`.
  @inlinable public func query(_ sql: String, _ arguments: [SQLValue], _ body: (StoreRow) throws -> Void) throws {
    switch self {
    case .sqlite(let db): try db.query(sql, arguments) { try body(.sqlite($0)) }
    case .postgres(let db): try db.query(sql, arguments) { try body(.postgres($0)) }
    }
  }

  /// Streams the rows of `sql`, which returns at most `rowsAtMost`: PostgreSQL receives a small result whole.
  @inlinable public func query(
    _ sql: String, _ arguments: [SQLValue], rowsAtMost: Int?, _ body: (StoreRow) throws -> Void
  ) throws {
    switch self {
    case .sqlite(let db): try db.query(sql, arguments, rowsAtMost: rowsAtMost) { try body(.sqlite($0)) }
    case .postgres(let db): try db.query(sql, arguments, rowsAtMost: rowsAtMost) { try body(.postgres($0)) }
    }
  }

  /// The first row of `sql` turned into a value, or nil.
  @inlinable public func queryOne<T>(
    _ sql: String, _ arguments: [SQLValue], _ transform: (StoreRow) throws -> T
  ) throws -> T? {
    switch self {
    case .sqlite(let db): return try db.queryOne(sql, arguments) { try transform(.sqlite($0)) }
    case .postgres(let db): return try db.queryOne(sql, arguments) { try transform(.postgres($0)) }
    }
  }

  /// Runs `body` in a write transaction, which also moves the store's change counter on once (``StoreChanges``): to
  /// the version of the last change `body` logged (``ChangeLog/record(_:at:in:)``), else by one. Every
  /// write of the store that can change what a feed shows goes through here. On PostgreSQL its commit is
  /// announced with the counter's new value as the payload (`write(announcing:_:)`).
  public func write<T>(_ body: () throws -> T) throws -> T {
    try versionedWrite(body).value
  }

  /// ``write(_:)``, giving also the change counter's value its transaction moved the counter to: the version of
  /// the change log its commit made (the server's `Stackfeed-Commit` header). Inside another transaction the
  /// counter moves again when the outer one ends, so only a top-level write's version is its commit's.
  public func versionedWrite<T>(_ body: () throws -> T) throws -> (value: T, version: UInt64) {
    var changes: UInt64 = 0
    func changing() throws -> T {
      let result = try body()
      changes = try StoreChanges.move(in: self)
      return result
    }
    let value: T
    switch self {
    case .sqlite(let db): value = try db.write(changing)
    case .postgres(let db): value = try db.write(announcing: { String(changes) }, changing)
    }
    return (value, changes)
  }

  /// Runs `body` in a write transaction of bookkeeping that no remembered answer depends on (API tokens' last
  /// use): the store's change counter (``StoreChanges``) stays, so the servers' answer memos keep their answers —
  /// on SQLite the readers find `PRAGMA data_version` moved and the counter not, on PostgreSQL the commit is not
  /// announced (`write(announced: false)`).
  @inlinable public func bookkeepingWrite<T>(_ body: () throws -> T) throws -> T {
    switch self {
    case .sqlite(let db): return try db.write(body)
    case .postgres(let db): return try db.write(announced: false, body)
    }
  }

  /// Runs `body` in a read transaction (one snapshot).
  @inlinable public func read<T>(_ body: () throws -> T) throws -> T {
    switch self {
    case .sqlite(let db): return try db.read(body)
    case .postgres(let db): return try db.read(body)
    }
  }

  /// Runs `body`, which runs at most one statement, as a read: on PostgreSQL without a transaction (one statement
  /// sees one snapshot by itself, so no `BEGIN` and no `ROLLBACK` go to the server; a second statement throws),
  /// on SQLite as ``read(_:)``.
  @inlinable public func readOneStatement<T>(_ body: () throws -> T) throws -> T {
    switch self {
    case .sqlite(let db): return try db.readOneStatement(body)
    case .postgres(let db): return try db.readOneStatement(body)
    }
  }

  /// Says which statements the read will run: PostgreSQL sends them in one round trip and keeps their results
  /// (``SQLConnection/sendAhead(_:)``); SQLite runs each when the read does.
  @inlinable public func sendAhead(_ statements: [SQLQuery]) throws {
    switch self {
    case .sqlite(let db): try db.sendAhead(statements)
    case .postgres(let db): try db.sendAhead(statements)
    }
  }

  /// Whether ``sendAhead(_:)`` saves round trips on this backend (PostgreSQL), so that the statements are worth
  /// working out.
  @inlinable public var sendsAhead: Bool {
    switch self {
    case .sqlite(let db): return db.sendsAhead
    case .postgres(let db): return db.sendsAhead
    }
  }

  /// Runs `body` in a write transaction holding the migration lock: SQLite's `BEGIN IMMEDIATE`; on PostgreSQL a
  /// transaction that first takes the advisory lock ``Migrator/advisoryLockKey`` (`pg_advisory_xact_lock`),
  /// released when it ends, so two migrating processes take turns.
  public func migrating<T>(_ body: () throws -> T) throws -> T {
    switch self {
    case .sqlite(let db): return try db.migrating(body)
    case .postgres(let db): return try db.migrating(body)
    }
  }

  /// Whether the table `name` exists (on PostgreSQL: in the connection's current schema).
  public func tableExists(_ name: String) throws -> Bool {
    switch self {
    case .sqlite(let db): return try db.tableExists(name)
    case .postgres(let db): return try db.tableExists(name)
    }
  }
}

/// The current row of a ``StoreConnection`` query.
public enum StoreRow: SQLRow {
  /// A SQLite row.
  case sqlite(SQLiteCore.Row)
  /// A PostgreSQL row.
  case postgres(PostgresCore.Row)

  /// The number of columns.
  @inlinable public var count: Int {
    switch self {
    case .sqlite(let row): return row.count
    case .postgres(let row): return row.count
    }
  }

  /// The name of column `index`.
  public func columnName(at index: Int) -> String {
    switch self {
    case .sqlite(let row): return row.columnName(at: index)
    case .postgres(let row): return row.columnName(at: index)
    }
  }

  /// The value of column `index`, whatever its type.
  public func value(at index: Int) -> SQLValue {
    switch self {
    case .sqlite(let row): return row.value(at: index)
    case .postgres(let row): return row.value(at: index)
    }
  }

  /// The text in column `index`.
  @inlinable public func string(at index: Int) throws -> String {
    switch self {
    case .sqlite(let row): return try row.string(at: index)
    case .postgres(let row): return try row.string(at: index)
    }
  }

  /// The text in column `index`, or nil for NULL.
  @inlinable public func optionalString(at index: Int) throws -> String? {
    switch self {
    case .sqlite(let row): return try row.optionalString(at: index)
    case .postgres(let row): return try row.optionalString(at: index)
    }
  }

  /// The number of bytes of the text in column `index`, `nil` for NULL.
  @inlinable public func textCount(at index: Int) throws -> Int? {
    switch self {
    case .sqlite(let row): return try row.textCount(at: index)
    case .postgres(let row): return try row.textCount(at: index)
    }
  }

  /// Calls `body` with the text of column `index` as UTF-8 borrowed from the row.
  @inlinable public func withText<R>(at index: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
    switch self {
    case .sqlite(let row): return try row.withText(at: index, body)
    case .postgres(let row): return try row.withText(at: index, body)
    }
  }

  /// The integer in column `index`.
  @inlinable public func int64(at index: Int) throws -> Int64 {
    switch self {
    case .sqlite(let row): return try row.int64(at: index)
    case .postgres(let row): return try row.int64(at: index)
    }
  }

  /// The integer in column `index`, or nil for NULL.
  @inlinable public func optionalInt64(at index: Int) throws -> Int64? {
    switch self {
    case .sqlite(let row): return try row.optionalInt64(at: index)
    case .postgres(let row): return try row.optionalInt64(at: index)
    }
  }

  /// The number in column `index`.
  @inlinable public func double(at index: Int) throws -> Double {
    switch self {
    case .sqlite(let row): return try row.double(at: index)
    case .postgres(let row): return try row.double(at: index)
    }
  }

  /// The number in column `index`, or nil for NULL.
  @inlinable public func optionalDouble(at index: Int) throws -> Double? {
    switch self {
    case .sqlite(let row): return try row.optionalDouble(at: index)
    case .postgres(let row): return try row.optionalDouble(at: index)
    }
  }

  /// True when column `index` is NULL.
  @inlinable public func isNull(at index: Int) throws -> Bool {
    switch self {
    case .sqlite(let row): return try row.isNull(at: index)
    case .postgres(let row): return try row.isNull(at: index)
    }
  }
}

/// A prepared statement of a ``StoreConnection``, for bulk writes.
public enum StoreStatement: SQLStatement {
  /// A SQLite statement.
  case sqlite(SQLiteCore.Statement)
  /// A PostgreSQL statement (it keeps the arguments bound so far until the run).
  case postgres(PostgresCore.Statement)

  /// Binds text or NULL to parameter `index`.
  @inlinable public func bind(_ value: String?, at index: Int32) throws {
    switch self {
    case .sqlite(let statement): try statement.bind(value, at: index)
    case .postgres(let statement): try statement.bind(value, at: index)
    }
  }

  /// Binds an integer to parameter `index`.
  @inlinable public func bind(_ value: Int64, at index: Int32) throws {
    switch self {
    case .sqlite(let statement): try statement.bind(value, at: index)
    case .postgres(let statement): try statement.bind(value, at: index)
    }
  }

  /// Binds UTF-8 bytes as text to parameter `index`.
  @inlinable public func bind(utf8 bytes: Span<UInt8>, at index: Int32) throws {
    switch self {
    case .sqlite(let statement): try statement.bind(utf8: bytes, at: index)
    case .postgres(let statement): try statement.bind(utf8: bytes, at: index)
    }
  }

  /// Runs once with the values bound.
  @inlinable public func runBound() throws {
    switch self {
    case .sqlite(let statement): try statement.runBound()
    case .postgres(let statement): try statement.runBound()
    }
  }

  /// Binds `arguments` and runs once.
  @inlinable public func run(_ arguments: [SQLValue]) throws {
    switch self {
    case .sqlite(let statement): try statement.run(arguments)
    case .postgres(let statement): try statement.run(arguments)
    }
  }
}
