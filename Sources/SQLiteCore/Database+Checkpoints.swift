import CSQLite

/// WAL checkpoints (<https://www.sqlite.org/wal.html#ckpt>): copying the write-ahead log's pages back into the
/// database file, which `fsync`s both. By default a connection runs one itself inside the `COMMIT` that takes the
/// log past 1,000 pages; a connection given ``onCommit(_:)`` leaves that to whoever its handler tells.
extension Database {
  /// How a checkpoint treats the connections reading and writing meanwhile
  /// (<https://www.sqlite.org/c3ref/wal_checkpoint_v2.html>).
  public enum CheckpointMode: Sendable {
    /// As much as no reader still needs, without waiting for anyone (SQLite's own automatic checkpoints).
    case passive
    /// Waits (up to the busy timeout) for the writer and for readers of older snapshots, copies every page, and
    /// waits for the readers of the log to end, so the next write starts the log again from its beginning (the file
    /// keeps its size and is written over); writers wait meanwhile. On the connection holding the only writer's
    /// turn it waits for the readers alone.
    case restart
  }

  /// What a checkpoint did: the log's pages and how many of them are in the database file now.
  public struct Checkpoint: Sendable, Equatable {
    /// The pages in the write-ahead log.
    public var logPages: Int
    /// The log's pages copied into the database file, by this checkpoint or an earlier one.
    public var copiedPages: Int
    /// False when a ``CheckpointMode/restart`` gave up waiting for another connection (`SQLITE_BUSY`).
    public var finished: Bool
  }

  /// Checkpoints the write-ahead log in `mode`, waiting for other connections up to `milliseconds` (by default the
  /// busy timeout); a `DatabaseError` for a failure other than a busy database (a connection not in WAL mode
  /// checkpoints nothing: 0 pages).
  public func checkpoint(_ mode: CheckpointMode, waitingAtMost milliseconds: Int32? = nil) throws -> Checkpoint {
    if let milliseconds { sqlite3_busy_timeout(connection.handle, milliseconds) }
    defer { if milliseconds != nil { sqlite3_busy_timeout(connection.handle, Database.busyTimeoutMilliseconds) } }
    var logPages: Int32 = 0
    var copiedPages: Int32 = 0
    let code = sqlite3_wal_checkpoint_v2(
      connection.handle, nil, mode == .passive ? SQLITE_CHECKPOINT_PASSIVE : SQLITE_CHECKPOINT_RESTART,
      &logPages, &copiedPages)
    let finished = code != SQLITE_BUSY
    if finished { try connection.check(code, sql: nil) }
    return Checkpoint(logPages: Int(max(0, logPages)), copiedPages: Int(max(0, copiedPages)), finished: finished)
  }

  /// Calls `handler` after every commit of this connection, with the pages in the write-ahead log then (those just
  /// written included), once SQLite's write lock is released (`sqlite3_wal_hook`); replaces SQLite's automatic
  /// checkpoints on this connection, so no commit of it checkpoints. The handler runs on the committing thread and
  /// must return soon: it is part of the `COMMIT`.
  public func onCommit(_ handler: @escaping @Sendable (_ logPages: Int) -> Void) {
    let box = CommitHandler(handler)
    // The connection owns the box as long as SQLite may call the hook.
    connection.commitHandler = box
    sqlite3_wal_hook(connection.handle, walHook, Unmanaged.passUnretained(box).toOpaque())
  }
}

/// The handler ``Database/onCommit(_:)`` hands SQLite, as an object its C callback can point to.
final class CommitHandler {
  let handler: @Sendable (Int) -> Void

  init(_ handler: @escaping @Sendable (Int) -> Void) {
    self.handler = handler
  }
}

/// The `sqlite3_wal_hook` callback: `context` is the connection's ``CommitHandler``.
private func walHook(
  _ context: UnsafeMutableRawPointer?, _ handle: OpaquePointer?, _ database: UnsafePointer<CChar>?,
  _ logPages: Int32
) -> Int32 {
  if let context { Unmanaged<CommitHandler>.fromOpaque(context).takeUnretainedValue().handler(Int(logPages)) }
  return SQLITE_OK
}
