import Synchronization

/// Connections kept open between uses, each used by one caller at a time: a caller borrows an idle one (or a
/// new one is opened when none is idle) and gives it back when done, so there are at most as many as callers
/// ever ran at once. It works for any connection (a SQLite database, a PostgreSQL session, with whatever the
/// caller keeps beside it).
///
///     let pool = ConnectionPool<Database>()
///     let count = try pool.using(opening: { try Database(path: path) }) { database in
///       try database.queryOne("SELECT count(*) FROM feed_item") { try $0.int64(at: 0) }
///     }
///
/// The pool is inlined where it is used, so that it is specialised for its connection even inside a caller
/// generic over the result (the server's `read<T>`): run unspecialised, borrowing and giving back cost a
/// remembered `/v1/feed` answer about 6,000 instructions (10 %) in callgrind.
public final class ConnectionPool<Connection: Sendable>: Sendable {
  @usableFromInline let idle = Mutex<[Connection]>([])

  /// An empty pool.
  @inlinable public init() {}

  /// Runs `body` with an idle connection, or with a new one made by `open` when none is idle. The connection
  /// is given back afterwards, unless `body` threw an error for which `isBroken` is true (the connection is
  /// then dropped, and closed when released).
  ///
  /// - Parameter isReusable: whether an idle connection may still be used; the idle ones that may not are
  ///   dropped first (e.g. connections to a file that was replaced).
  @inlinable @inline(__always) public func using<T>(
    reusing isReusable: (Connection) -> Bool = { _ in true }, opening open: () throws -> Connection,
    brokenBy isBroken: (any Error) -> Bool = { _ in false }, _ body: (Connection) throws -> T
  ) throws -> T {
    let connection = try borrow(reusing: isReusable, opening: open)
    do {
      let result = try body(connection)
      giveBack(connection)
      return result
    } catch {
      if !isBroken(error) { giveBack(connection) }
      throw error
    }
  }

  /// An idle connection that `isReusable` accepts (dropping the idle ones it refuses), else a new one.
  @inlinable func borrow(reusing isReusable: (Connection) -> Bool, opening open: () throws -> Connection) throws
    -> Connection
  {
    let pooled = idle.withLock { idle in
      idle.removeAll { !isReusable($0) }
      return idle.popLast()
    }
    return try pooled ?? open()
  }

  @inlinable func giveBack(_ connection: Connection) {
    idle.withLock { $0.append(connection) }
  }
}
