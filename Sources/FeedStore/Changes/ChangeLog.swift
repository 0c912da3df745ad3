import CivilTime
import SQLCore

/// The change log: every change of what a feed shows, written in the write transaction that made it, with a
/// version after the store's change counter (``StoreChanges``), which the write moves to its last change's version
/// when it ends, so versions are commit-ordered: a writer takes its versions under the counter's write turn
/// (SQLite's one writer; PostgreSQL's row lock of `SELECT … FROM store_changes FOR UPDATE`, held until the commit),
/// so a reader that sees version V + 1 committed sees V too, and a reader that read up to V misses nothing by
/// asking for what comes after V next time.
///
/// The log keeps the changes of the newest ``retention`` versions: the write that takes a version that is a
/// multiple of ``pruneInterval`` deletes the older ones and moves the horizon (`change_log_horizon`) up to them.
/// A reader asking from before the horizon gets ``ChangeLogGone``: it must fetch its feed again.
///
///     try db.write {
///       try db.execute("UPDATE orders SET status = 'shipped' WHERE id = $1", [.text(id)])
///       try ChangeLog.record([FeedChange(.update, kind: "order", id: id, for: .user(owner))], in: db)
///     }
///     let page = try db.read { try ChangeLog.changes(after: 41, visibleTo: "u42", limit: 100, in: db) }
public enum ChangeLog {
  /// How many versions the log keeps (older changes are pruned).
  public static let retention: UInt64 = 100_000
  /// How often, in versions, a write prunes the log.
  public static let pruneInterval: UInt64 = 1_000

  enum SQL {
    static let insert = "INSERT INTO change_log (version, op, kind, id, audience, at) VALUES ($1, $2, $3, $4, $5, $6)"
    static let after = """
      SELECT version, op, kind, id, audience, at FROM change_log
      WHERE version > $1 AND (audience IS NULL OR audience = $2) ORDER BY version LIMIT $3
      """
    static let everyAudience = """
      SELECT version, op, kind, id, audience, at FROM change_log WHERE version > $1 ORDER BY version LIMIT $2
      """
    static let horizon = "SELECT version FROM change_log_horizon"
    static let prune = "DELETE FROM change_log WHERE version <= $1"
    static let moveHorizon = "UPDATE change_log_horizon SET version = $1 WHERE version < $1"
  }

  /// Records `changes` in `db`'s write transaction (``StoreConnection/write(_:)``, which moves the store's change
  /// counter to the last of their versions when it ends), in order, each with a version of its own after the newest
  /// taken; `time` is when (milliseconds since 1970). Prunes the log when a version taken is a multiple of
  /// ``pruneInterval``.
  public static func record(_ changes: [FeedChange], at time: Int64 = UTCMilliseconds.now(), in db: StoreConnection)
    throws
  {
    guard !changes.isEmpty else { return }
    // The versions after the newest taken; the write moves the counter to the last of them when it ends.
    var version = try StoreChanges.newest(in: db)
    for change in changes {
      version += 1
      try db.execute(
        SQL.insert,
        [
          .integer(Int64(version)), .text(change.op.rawValue), SQLValue(change.kind), SQLValue(change.id),
          SQLValue(change.audience.user), .integer(time),
        ])
      if version % pruneInterval == 0, version > retention { try prune(through: version - retention, in: db) }
    }
  }

  /// Deletes the changes of versions up to `version` and moves the horizon there, inside `db`'s write transaction.
  public static func prune(through version: UInt64, in db: StoreConnection) throws {
    try db.execute(SQL.prune, [.integer(Int64(version))])
    try db.execute(SQL.moveHorizon, [.integer(Int64(version))])
  }

  /// The newest version the log no longer answers for, in `db`'s snapshot.
  public static func horizon(in db: StoreConnection) throws -> UInt64 {
    UInt64(clamping: try db.queryOne(SQL.horizon, []) { try $0.int64(at: 0) } ?? 0)
  }

  /// Up to `limit` changes after `version` that `viewer`'s feed may show (everyone's and the viewer's own), in
  /// version order, read in `db`'s snapshot (call it inside one read transaction), with the version to ask from
  /// next: the last change's when `limit` cut the list, else the newest version of the snapshot (every change up
  /// to it is committed and was considered). `version` 0 is "from the horizon". Throws ``ChangeLogGone`` when
  /// `version` is before the horizon or after the newest version.
  public static func changes(after version: UInt64, visibleTo viewer: String, limit: Int, in db: StoreConnection)
    throws -> ChangePage
  {
    let horizon = try horizon(in: db)
    let newest = try StoreChanges.count(in: db)
    let from = version == 0 ? horizon : version
    guard from >= horizon, from <= newest else {
      throw ChangeLogGone(asked: version, horizon: horizon, newest: newest)
    }
    var changes: [LoggedChange] = []
    try db.query(SQL.after, [.integer(Int64(from)), .text(viewer), .integer(Int64(limit))], rowsAtMost: limit) {
      changes.append(try logged($0))
    }
    let next = changes.count == limit ? changes.last?.version ?? from : newest
    return ChangePage(changes: changes, next: next)
  }
}

extension ChangeLog {
  /// Up to `limit` changes after `version` for every audience, in version order, read in `db`'s snapshot: what a
  /// server hands out to all its subscribers at once, each getting those its viewer may see
  /// (``FeedChange/Audience/includes(_:)``). Unlike ``changes(after:visibleTo:limit:in:)`` it does not check the
  /// horizon: the caller compares ``horizon(in:)`` itself.
  public static func changes(after version: UInt64, limit: Int, in db: StoreConnection) throws -> [LoggedChange] {
    var changes: [LoggedChange] = []
    try db.query(SQL.everyAudience, [.integer(Int64(version)), .integer(Int64(limit))], rowsAtMost: limit) {
      changes.append(try logged($0))
    }
    return changes
  }

  /// The change of a row of ``SQL``'s selects. An operation this build does not know (a newer one wrote it) is a
  /// reload: the client fetches again.
  private static func logged(_ row: StoreRow) throws -> LoggedChange {
    let change =
      try FeedChange.Operation(rawValue: row.string(at: 1)).map { op in
        FeedChange(
          op: op, kind: try row.optionalString(at: 2), id: try row.optionalString(at: 3),
          audience: try row.optionalString(at: 4).map(FeedChange.Audience.user) ?? .everyone)
      } ?? .reload
    return LoggedChange(version: UInt64(try row.int64(at: 0)), change: change, time: try row.int64(at: 5))
  }
}

/// What ``ChangeLog/changes(after:visibleTo:limit:in:)`` reads: the changes, and the version to ask from next.
public struct ChangePage: Sendable, Hashable {
  /// The changes, in version order.
  public var changes: [LoggedChange]
  /// The version to ask from next (the one asked when nothing changed).
  public var next: UInt64
}

/// A reader asked for the changes after a version the log no longer answers for (pruned, from before the log, or
/// newer than the store's newest): it must fetch its feed again (HTTP 410).
public struct ChangeLogGone: Error, Sendable, Hashable, CustomStringConvertible {
  /// The version asked for.
  public var asked: UInt64
  /// The newest version the log no longer answers for.
  public var horizon: UInt64
  /// The store's newest version.
  public var newest: UInt64

  /// One sentence: why, and what to do.
  public var description: String {
    asked > newest
      ? "the version \(asked) is newer than the store's newest, \(newest): fetch the feed again"
      : "the change log no longer holds the changes after version \(asked) (it starts after \(horizon)): "
        + "fetch the feed again"
  }
}
