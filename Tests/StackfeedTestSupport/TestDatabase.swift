import Foundation
import PostgresCore
import SQLCore
import SQLiteCore
import Testing

/// A database backend of the store. The CLI and HTTP tests whose outcome depends on the database take one as an
/// argument, so each runs on SQLite and, where a PostgreSQL server can be started, on PostgreSQL too:
///
///     @Test(arguments: Backend.available)
///     func seedThenList(backend: Backend) throws {
///       let cli = try CLIHarness()
///       let database = try backend.makeDatabase(in: cli.folder)   // a fresh one, dropped when released
///       … cli.run(["seed", "--db", database.argument]) … database.dump() …
///     }
///
/// Without PostgreSQL (``PostgresPrograms/areUsable`` is false) `available` is SQLite alone; each test target
/// then says so once, with the package to install, through a test enabled only in that case
/// (``Backend/postgresSkipNote``).
public enum Backend: String, Sendable, CaseIterable, CustomTestStringConvertible {
  /// A database file (the default backend).
  case sqlite
  /// A database of the test process's shared throwaway cluster (``PostgresCluster/shared()``).
  case postgres

  /// The backends this machine can test: SQLite, and PostgreSQL when its server programs and libpq are there.
  public static var available: [Backend] { PostgresPrograms.areUsable ? allCases : [.sqlite] }

  /// Why the parameterised tests ran on SQLite only (shown by a skip-note test where PostgreSQL is missing).
  public static var postgresSkipNote: Comment {
    Comment(
      rawValue: "the cases parameterised over both backends ran on SQLite only; " + PostgresPrograms.skipNote.rawValue)
  }

  /// How a test case's argument is shown: SQLite or PostgreSQL.
  public var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

  /// A fresh, empty database: a file `file` in `folder` (not created yet: the command under test creates it), or a
  /// new database of the shared cluster (no tables).
  public func makeDatabase(in folder: URL, file: String = "feed.sqlite") throws -> TestDatabase {
    switch self {
    case .sqlite: TestDatabase(folder.appendingPathComponent(file).path)
    case .postgres: try TestDatabase(cluster: PostgresCluster.shared())
    }
  }
}

/// One database a test works on: what to give `stackfeed --db`, how stackfeed names it in messages, and a way
/// to read it back in this process (SQLiteCore or PostgresCore), e.g. to prove a refused command wrote nothing.
/// A PostgreSQL database made for a test is dropped when the value is released (the cluster itself is removed
/// when the test process exits).
public final class TestDatabase: Sendable {
  /// The backend holding it.
  public let backend: Backend
  /// The value for `--db` or `$STACKFEED_DB`: the file's path, or the database's URL with its password.
  public let argument: String
  private let cluster: PostgresCluster?

  /// The database `argument` names (a path or a `postgres://` URL); it is not dropped when released.
  public init(_ argument: String) {
    self.argument = argument
    self.backend = argument.hasPrefix("postgres") ? .postgres : .sqlite
    self.cluster = nil
  }

  fileprivate init(cluster: PostgresCluster) throws {
    argument = try cluster.makeDatabase()
    backend = .postgres
    self.cluster = cluster
  }

  deinit {
    guard let cluster, let database = argument.split(separator: "/").last else { return }
    // FORCE ends sessions still open on it (a server the test left running).
    _ = try? Connection(cluster.url()).execute("DROP DATABASE IF EXISTS \"\(database)\" WITH (FORCE)", [])
  }

  /// How stackfeed's messages name the database: the file's path, or the URL without its password.
  public var name: String {
    backend == .sqlite ? argument : argument.replacing(/:[^:@\/]*@/, with: "@")
  }

  /// The rows of one SQL statement as the `sqlite3` shell prints them: one line per row, columns joined by `|`,
  /// NULL as nothing, no newline after the last row.
  public func query(_ sql: String) throws -> String {
    try reading { rows in try rows(sql) }.joined(separator: "\n")
  }

  /// Runs SQL statements separated by `;`.
  public func execute(_ script: String) throws {
    if backend == .sqlite { return try Database(path: argument).executeScript(script) }
    try Connection(argument).executeScript(script)
  }

  /// The names of its tables, sorted.
  public func tables() throws -> [String] {
    try reading { rows in try rows(tablesQuery) }
  }

  /// Every schema entry and every table's rows, sorted: equal dumps mean equal databases. The schema is SQLite's
  /// `CREATE` statements, or PostgreSQL's columns with their types and its index definitions. The store's change
  /// counter (`store_changes`) and the change log (`change_log`, `change_log_horizon`) record writes (when, and
  /// that a seed happened), not what they wrote: their rows are left out. So are the pages of SQLite's full-text
  /// indexes (FTS5's shadow tables, whose layout depends on the order of the writes): a full-text table's rows are
  /// dumped as any table's.
  public func dump() throws -> [String] {
    let schema =
      backend == .sqlite
      ? "SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name"
      : """
      SELECT table_name || '(' || string_agg(column_name || ' ' || data_type || ' ' || is_nullable, ', '
        ORDER BY ordinal_position) || ')' FROM information_schema.columns WHERE table_schema = 'public'
        GROUP BY table_name UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1
      """
    return try reading { rows in
      var lines = try rows(schema)
      let shadows = backend == .sqlite ? try rows("SELECT name FROM pragma_table_list WHERE type = 'shadow'") : []
      for table in try rows(tablesQuery) where !Self.writeRecords.contains(table) && !shadows.contains(table) {
        lines += try rows("SELECT * FROM \"\(table)\"").map { "\(table): \($0)" }.sorted()
      }
      return lines
    }
  }

  /// The tables recording writes rather than data, whose rows a dump leaves out.
  public static let writeRecords: Set = ["store_changes", "change_log", "change_log_horizon"]

  private var tablesQuery: String {
    backend == .sqlite
      ? "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name"
      : "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
  }

  /// Runs `body` on one connection, given as a function from a statement to its rows as shell lines.
  private func reading<T>(_ body: ((String) throws -> [String]) throws -> T) throws -> T {
    let line = { (values: [SQLValue]) in values.map(\.shellText).joined(separator: "|") }
    if backend == .sqlite {
      let db = try Database(path: argument)
      return try body { try db.queryAll($0) { line($0.values) } }
    }
    let db = try Connection(argument)
    return try body { try db.queryAll($0) { line($0.values) } }
  }
}

extension SQLValue {
  /// The value as the `sqlite3` shell's list mode prints it.
  fileprivate var shellText: String {
    switch self {
    case .null: ""
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .text(let value): value
    case .blob(let bytes): "x'" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "'"
    }
  }
}
