import CivilTime
import Dispatch
import Synchronization

/// Connections kept open between uses, each used by one caller at a time, at most `limit` open at once: a caller
/// borrows an idle one (or a new one is opened when none is idle) and gives it back when done; when all `limit`
/// are borrowed, the caller waits for one to be given back, up to `wait`, then gets ``ConnectionPoolExhausted``.
/// It works for any connection (a SQLite database, a PostgreSQL session, with whatever the caller keeps beside
/// it).
///
///     let pool = ConnectionPool<Database>(limit: 4)
///     let count = try pool.using(opening: { try Database(path: path) }) { database in
///       try database.queryOne("SELECT count(*) FROM feed_item") { try $0.int64(at: 0) }
///     }
///
/// The bound is a counting semaphore of `limit` permits: a caller takes one before it borrows and gives it back
/// with the connection (or when the connection is dropped), so borrowed connections never outnumber `limit`, and
/// a new one is opened only when none is idle, so idle and borrowed together never do either. Waiting sleeps in
/// the kernel (no polling); a permit free costs two atomic operations and reading the clock.
///
/// The pool is inlined where it is used, so that it is specialised for its connection even inside a caller
/// generic over the result (the server's `read<T>`): run unspecialised, borrowing and giving back cost a
/// remembered `/v1/feed` answer about 6,000 instructions (10 %) in callgrind.
public final class ConnectionPool<Connection: Sendable>: Sendable {
  @usableFromInline let idle = Mutex<[Connection]>([])
  @usableFromInline let permits: DispatchSemaphore
  /// The most connections open at once.
  public let limit: Int
  /// The longest a caller waits for a connection when all are borrowed.
  public let wait: Duration
  @usableFromInline let waitNanoseconds: Int

  /// An empty pool of at most `limit` connections (at least 1) whose callers wait up to `wait` for one.
  @inlinable public init(limit: Int, wait: Duration = .seconds(5)) {
    self.limit = max(1, limit)
    self.wait = wait
    waitNanoseconds = Int(wait.wholeNanoseconds)
    permits = DispatchSemaphore(value: self.limit)
  }

  /// Runs `body` with an idle connection, or with a new one made by `open` when none is idle, waiting for one
  /// when `limit` are borrowed. The connection is given back afterwards, unless `body` threw an error for which
  /// `isBroken` is true (the connection is then dropped, and closed when released). Throws
  /// ``ConnectionPoolExhausted`` when none was given back within ``wait``.
  ///
  /// - Parameter isReusable: whether an idle connection may still be used; the idle ones that may not are
  ///   dropped first (e.g. connections to a file that was replaced).
  @inlinable @inline(__always) public func using<T>(
    reusing isReusable: (Connection) -> Bool = { _ in true }, opening open: () throws -> Connection,
    brokenBy isBroken: (any Error) -> Bool = { _ in false }, _ body: (Connection) throws -> T
  ) throws -> T {
    guard permits.wait(timeout: .now() + .nanoseconds(waitNanoseconds)) == .success else {
      throw ConnectionPoolExhausted(limit: limit, wait: wait)
    }
    let connection: Connection
    do {
      connection = try borrow(reusing: isReusable, opening: open)
    } catch {
      permits.signal()
      throw error
    }
    do {
      let result = try body(connection)
      giveBack(connection)
      return result
    } catch {
      if isBroken(error) { permits.signal() } else { giveBack(connection) }
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

  /// Runs `body` on each connection idle now (none is borrowed meanwhile: the pool is locked), e.g. to free
  /// the memory they keep between uses.
  public func forEachIdle(_ body: (Connection) -> Void) {
    idle.withLock { $0.forEach(body) }
  }

  /// Drops every connection idle now (each is closed when released), e.g. to close them before others.
  public func dropIdle() {
    idle.withLock { $0.removeAll() }
  }

  @inlinable func giveBack(_ connection: Connection) {
    idle.withLock { $0.append(connection) }
    permits.signal()
  }
}

/// Every connection of a ``ConnectionPool`` stayed borrowed for as long as a caller would wait.
public struct ConnectionPoolExhausted: Error, Sendable, CustomStringConvertible {
  /// The pool's bound.
  public var limit: Int
  /// How long the caller waited.
  public var wait: Duration

  /// The error of a caller that waited `wait` for one of `limit` connections.
  public init(limit: Int, wait: Duration) {
    self.limit = limit
    self.wait = wait
  }

  /// One sentence: "all 4 connections stayed in use for 5 s".
  public var description: String {
    let milliseconds = wait.wholeMilliseconds
    let waited = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    return "all \(limit) connection\(limit == 1 ? "" : "s") stayed in use for \(waited)"
  }
}
