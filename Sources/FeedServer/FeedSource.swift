import FeedPlugins
import FeedStore
import HTTPServer

/// Where the server reads the feed from: one consistent snapshot per call. Route code sees only this seam (and
/// ``StoreUnavailable``): ``SQLiteSource`` and ``PostgresSource`` conform, and another store is one more
/// conforming type.
public protocol FeedSource: Sendable {
  /// Runs `body` over one snapshot of the feed (one read transaction) that sees the commit of version `commit`
  /// (a `Stackfeed-Commit` the client sent; `nil`: none) and every commit acknowledged before the call, with the
  /// answers it may use (``FeedSnapshot/memo``). Throws ``StoreUnavailable`` when the store cannot be read right
  /// now (missing, locked beyond the busy timeout, damaged).
  func read<T>(seeing commit: UInt64?, _ body: (FeedSnapshot) throws -> T) throws -> T
  /// The answers a request may be served from without reading the store, when this store can tell that without
  /// a read (PostgreSQL: ``CommitListener``); each includes the commit of version `commit` when one is given.
  /// `nil`: ask ``read(seeing:_:)``.
  func answersWithoutReading(seeing commit: UInt64?) -> RememberedAnswers?
  /// Runs `body` in one write transaction of the store, on a connection that serves no read (so no remembered
  /// answer of it can go stale): everything `body` wrote is committed when it returns and rolled back when it
  /// throws. Committed means it outlives a crash of the server's process after the return; whether it outlives
  /// a power loss or an operating-system crash is the database's setting (SQLite's `synchronous=NORMAL` may lose
  /// the last commits then, never damaging the file; PostgreSQL's default `synchronous_commit=on` keeps them:
  /// docs/RELIABILITY.md §8, "A 201 means committed, and stays"). Throws ``StoreUnavailable`` when the
  /// store cannot be written now (missing, locked beyond the busy timeout, unreachable).
  /// The answer carries the version its commit made (``Committed/version``, the change log's: `Stackfeed-Commit`).
  @discardableResult
  func write<T>(_ body: (StoreConnection) throws -> T) throws -> Committed<T>
  /// Whether ``read(_:)`` reads another database than ``write(_:)`` writes (a replica, `serve --read-db`):
  /// tokens are then verified on the primary (``readPrimary(_:)``), where they are revoked, and not on a replica
  /// that may not have replayed the revocation yet.
  var readsReplica: Bool { get }
  /// Runs `body` in one read transaction of the database ``write(_:)`` writes (the primary).
  func readPrimary<T>(_ body: (StoreConnection) throws -> T) throws -> T
  /// Waits, at most `timeout`, for a commit of the store (by any process) past the change log's `version`, when
  /// the store already follows its commits on a connection it holds anyway (PostgreSQL's ``CommitListener``): the
  /// newest version heard then, at most `version` when none came in time. `nil`: it does not, and the caller
  /// follows the commits with a `CommitWatch` of its own (SQLite; PostgreSQL without the memo).
  func awaitCommit(past version: UInt64, timeout: Duration) -> UInt64?
  /// Frees what the store's idle connections keep between requests (their page caches), when the server has
  /// no request to answer.
  func releaseIdleMemory()
  /// Checks, once before serving, what the answer memo relies on, and turns the memo off when it does not hold:
  /// the sentence saying so (for stderr), or `nil`.
  func checkMemo() -> String?
}

extension FeedSource {
  /// ``read(seeing:_:)`` without a commit to see but those acknowledged before the call.
  public func read<T>(_ body: (FeedSnapshot) throws -> T) throws -> T {
    try read(seeing: nil, body)
  }

  /// None: every answer is read (``read(seeing:_:)``).
  public func answersWithoutReading(seeing commit: UInt64?) -> RememberedAnswers? { nil }

  /// Reads and writes go to one database.
  public var readsReplica: Bool { false }

  /// None: the caller watches the commits itself.
  public func awaitCommit(past version: UInt64, timeout: Duration) -> UInt64? { nil }

  /// A ``read(_:)``: reads and writes go to one database.
  public func readPrimary<T>(_ body: (StoreConnection) throws -> T) throws -> T {
    try read { snapshot in try body(snapshot.database) }
  }

  /// Nothing to free.
  public func releaseIdleMemory() {}

  /// Nothing to check.
  public func checkMemo() -> String? { nil }
}

/// One read of the feed: every composer made from it sees the same version of the feed, and ``memo`` holds
/// only answers made from that same version.
public struct FeedSnapshot {
  /// The answers made earlier from the version of the feed this read sees; `nil`: this read neither looks
  /// answers up nor remembers them (``AnswerMemo``).
  let memo: RememberedAnswers?
  private let registry: PluginRegistry
  /// The connection, in the read transaction.
  let database: StoreConnection
  /// The store's change counter (``StoreChanges``) in this snapshot when the source knew it already (a SQLite read
  /// learns it checking the memo); `nil`: read when asked.
  private let knownChanges: UInt64?

  /// A snapshot over `database`, in a read transaction of the version of the feed `memo`'s answers were made
  /// from; `changes`, the store's change counter in it, when the source knows it.
  init(memo: RememberedAnswers?, registry: PluginRegistry, database: StoreConnection, changes: UInt64? = nil) {
    self.memo = memo
    self.registry = registry
    self.database = database
    knownChanges = changes
  }

  /// The store's change counter (``StoreChanges``) in this snapshot: the change log's version it holds every change
  /// up to.
  func changes() throws -> UInt64 {
    try knownChanges ?? StoreChanges.count(in: database)
  }

  /// A composer over this snapshot, formatting in `context`.
  public func composer(context: RowContext) -> FeedComposer {
    FeedComposer(registry: registry, database: database, context: context)
  }

  /// The `Stackfeed-Version` header of a page read from this snapshot: the change log's version the snapshot
  /// holds every change up to, the `since` from which a client follows the page's changes (docs/HTTP.md, "Live
  /// changes").
  func versionHeader() throws -> HTTPField {
    HTTPField("Stackfeed-Version", String(try changes()))
  }
}

/// What a write transaction returned, and the version of the change log its commit made: the store's change
/// counter (`StoreChanges`) after it, which a client sends back as `Stackfeed-Commit` to read its own write on any
/// server.
public struct Committed<Value> {
  /// What the write returned.
  public var value: Value
  /// The version its commit made.
  public var version: UInt64
}

/// The store cannot answer now; the server answers 503 with `Retry-After` and keeps serving.
public struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
  /// One sentence naming the database and the reason.
  public var description: String

  /// The error saying `description`.
  public init(description: String) {
    self.description = description
  }
}
