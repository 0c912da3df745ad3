import PostgresCore
import SQLiteCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits for the store's next commit, made by any process writing the same database (a `serve`, a `seed`, a
/// server on another machine): the package's one way of following commits as they happen (`stackfeed watch`,
/// the server's event streams). It holds a connection of its own, used for nothing else.
///
/// - PostgreSQL: the connection listens on `stackfeed_commit` (every write announces its commit there, with the
///   change counter as the payload) before it first reads the counter, then sleeps on its socket until a
///   notification arrives (PostgresCore's `awaitNotifications(timeout:)`): a commit wakes it as soon as its
///   notification is delivered (docs/STORAGE.md measured up to 18 ms under load), without polling.
/// - SQLite: no notification crosses processes, so it reads `PRAGMA data_version` every ``pollInterval`` (25 ms)
///   and the change counter when that moved: a commit is seen at most 25 ms after it, plus one read.
///
/// Either way the answer is the change counter (``StoreChanges``, the versions of ``ChangeLog``): every change up
/// to it is committed and visible to a read that starts after `wait` returns.
///
///     let watch = try CommitWatch(location)
///     var seen = try watch.newest()
///     while running {
///       let newest = try watch.wait(past: seen, timeout: .milliseconds(200))
///       if newest > seen { … read the changes after `seen` … ; seen = newest }
///     }
public final class CommitWatch {
  /// How often a watch of a SQLite store looks for a commit.
  public static let pollInterval = Duration.milliseconds(25)

  private let connection: StoreConnection
  /// SQLite's `PRAGMA data_version` when the counter was last read.
  private var dataVersion: Int64?

  /// A watch of the store at `location`, on a connection of its own (SQLite: read-only, never creating the file;
  /// PostgreSQL: listening). Throws what connecting throws.
  public init(_ location: StoreLocation) throws {
    switch location.dialect {
    case .sqlite:
      connection = .sqlite(try location.connectSQLite(readOnly: true, creating: false))
    case .postgres:
      let listener = try location.connectPostgres()
      try listener.listen(to: PostgresCore.Connection.commitChannel)
      connection = .postgres(listener)
    }
  }

  /// The store's newest version now: its change counter.
  public func newest() throws -> UInt64 {
    if case .sqlite(let database) = connection { dataVersion = try Self.dataVersion(of: database) }
    return try connection.read { try StoreChanges.count(in: connection) }
  }

  /// Waits until a commit moves the store's change counter past `version`, at most `timeout`; the counter then
  /// (at most `version` when no such commit came in time).
  public func wait(past version: UInt64, timeout: Duration) throws -> UInt64 {
    let deadline = ContinuousClock.now + timeout
    while true {
      let newest = try newest()
      let left = deadline - ContinuousClock.now
      guard newest <= version, left > .zero else { return newest }
      switch connection {
      case .postgres(let listener):
        _ = try listener.awaitNotifications(timeout: left)
      case .sqlite(let database):
        try waitForDataVersion(of: database, until: deadline)
      }
    }
  }

  /// Sleeps in steps of ``pollInterval`` until `database`'s `PRAGMA data_version` differs from the one read with
  /// the counter (another connection committed since) or `deadline` passes.
  private func waitForDataVersion(of database: Database, until deadline: ContinuousClock.Instant) throws {
    while try Self.dataVersion(of: database) == dataVersion {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return }
      usleep(UInt32((min(Self.pollInterval, left) / .microseconds(1)).rounded(.up)))
    }
  }

  /// `PRAGMA data_version` of `database`: it moves when another connection commits.
  private static func dataVersion(of database: Database) throws -> Int64? {
    try database.queryOne("PRAGMA data_version", []) { try $0.int64(at: 0) }
  }
}
