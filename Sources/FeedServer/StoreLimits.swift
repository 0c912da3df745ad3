import FeedStore

#if canImport(Glibc)
  import Glibc
#endif

/// What the server's store may hold at once (docs/RELIABILITY.md, "The memo's budget" and "Database
/// connections"): the bytes of the answer memo, shared by every connection, and the database connections,
/// whatever the number of HTTP connections.
///
/// `connections` counts every connection the server opens to its databases: one is the token-use log's
/// (``TokenUseLog``, which opens at most one at a time, at most once a minute), a quarter of the rest (at least
/// one) are the write pool's, and the others the read pool's. A request that finds its pool's connections all
/// in use waits for one up to `wait`, then gets 503 with `Retry-After`. On PostgreSQL the answer memo's
/// ``CommitListener`` takes one of the read pool's (none left with one: the memo is off).
///
///     let limits = StoreLimits(memoBytes: 64 << 20, connections: 8)   // 6 readers, 1 writer, 1 for tokens
public struct StoreLimits: Sendable {
  /// The default memo budget: 64 MiB.
  public static let defaultMemoBytes = 64 << 20
  /// The smallest `connections`: one each for reads, writes and the token-use log.
  public static let fewestConnections = 3

  /// The budget of remembered answers in bytes (0: nothing is remembered), shared by the answer memo
  /// (``answerBytes``) and the resized images (``variantBytes``).
  public var memoBytes: Int
  /// The most connections, of every kind together (at least ``fewestConnections``).
  public var connections: Int
  /// The longest a request waits for a free connection.
  public var wait: Duration

  /// Limits of `memoBytes` of answers and `connections` connections (by default ``defaultConnections(threads:)``
  /// with a worker per core), waiting up to `wait` for a connection.
  public init(
    memoBytes: Int = StoreLimits.defaultMemoBytes, connections: Int = StoreLimits.defaultConnections(threads: 0),
    wait: Duration = .seconds(5)
  ) {
    self.memoBytes = max(0, memoBytes)
    self.connections = max(Self.fewestConnections, connections)
    self.wait = wait
  }

  /// The default bound for a server of `threads` worker threads (0: a thread per HTTP connection): two per
  /// worker thread or per CPU core, whichever are more, and at least 4.
  public static func defaultConnections(threads: Int) -> Int {
    max(4, 2 * max(threads, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
  }

  /// The resized images' share of ``memoBytes``: a quarter (``ImageVariants``).
  public var variantBytes: Int {
    memoBytes / 4
  }

  /// The answer memo's share of ``memoBytes``: what the resized images leave.
  public var answerBytes: Int {
    memoBytes - variantBytes
  }

  /// The write pool's bound: a quarter of the connections left after the token-use log's, at least one.
  public var writers: Int {
    max(1, (connections - 1) / 4)
  }

  /// The read pool's bound: the connections left after the token-use log's and the writers'.
  public var readers: Int {
    max(1, connections - 1 - writers)
  }
}

extension StoreUnavailable {
  /// A request that waited in vain for one of the `database`'s connections for reads (or writes): "the database
  /// … cannot be read now: all 2 connections stayed in use for 5 s (serve --db-connections sets how many)".
  init(_ error: ConnectionPoolExhausted, database: String, reading: Bool) {
    self.init(
      description: "the database \(database) cannot be \(reading ? "read" : "written") now: \(error) "
        + "(serve --db-connections sets how many)")
  }
}
