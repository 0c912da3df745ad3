import Dispatch
import FeedStore
import PostgresCore
import Synchronization

/// What keeps a PostgreSQL server's answer memo correct without a round trip per request: one thread per
/// ``PostgresSource`` with one connection of its own, listening on `Connection.commitChannel`, where every write
/// transaction of the store (any process, any machine) announces its commit with the store's change counter
/// (`StoreChanges`, the change log's version) as the payload.
///
/// - The thread sleeps on its socket (`Connection.awaitNotifications(timeout:)`) and moves the memo's generation
///   on (``AnswerMemo/advance(_:)``) as soon as a notification arrives: a counted change with the highest value
///   heard, a change of unknown commit for one without a number (a `NOTIFY stackfeed_commit` by hand, a
///   migration). ``heard`` is the highest value heard.
/// - Every ``syncInterval`` it also sends one protocol Sync (`Connection.receivedNotifications()`): the server
///   delivers every notification of a commit acknowledged before the Sync began, so once its notifications are
///   in the memo, the Sync's start is an instant before which every commit is known (``syncedAt``). A memo
///   answer is served only while that instant is at most ``stalenessBound`` old: a connection that died
///   silently, a thread held up under load or a database that stopped answering turn the memo off (each request
///   is composed from the store) instead of serving answers that grow older.
/// - A new session (the first, or after a lost connection) listens first, then reads the change counter, and
///   counts as a change of unknown commit (what was announced meanwhile went nowhere).
///
/// The guarantees (docs/HTTP.md, "Reading your own writes"): an answer served from the memo includes every commit
/// acknowledged ``stalenessBound`` before it at the latest (in practice those acknowledged a notification's
/// delivery before it: milliseconds, docs/BENCHMARKS.md); a request that sends `Stackfeed-Commit: N` is served from
/// the memo only once ``heard`` is `N` or more, else composed from a snapshot of its own, which has that commit
/// (the client had its answer before it asked).
///
/// A session that cannot listen (a hot standby: SQLSTATE 25006) ends the thread: its server reads without the
/// memo. The thread starts with the first request and ends at the latest ``syncInterval`` after ``stop()``.
final class CommitListener: Sendable {
  /// How often the thread sends a Sync when no notification wakes it sooner.
  static let syncInterval = Duration.milliseconds(200)
  /// The most a memo answer may miss of the commits acknowledged before it: how old the latest Sync's start may
  /// be for the memo to be used.
  static let stalenessBound = Duration.seconds(1)

  private let location: StoreLocation
  private let memo: AnswerMemo
  /// The highest change counter value whose commit the memo's generation includes.
  private let heardValue = Atomic<UInt64>(0)
  /// The start of the latest Sync whose notifications are in the memo, in nanoseconds of `DispatchTime`
  /// (monotonic); 0: none yet.
  private let syncedAt = Atomic<UInt64>(0)
  private let started = Atomic(false)
  private let running = Atomic(true)
  private let stopping = DispatchSemaphore(value: 0)
  /// Signalled when ``heard`` moves: what ``wait(past:timeout:)`` sleeps on.
  private let heardMoved = DispatchSemaphore(value: 0)
  /// False once the thread ended for good (its database cannot be listened to).
  private let listens = Atomic(true)
  /// Left when the thread's first session is listening, or failed to.
  private let firstSession = DispatchGroup()

  /// A listener of the database at `location` (the one reads come from) moving `memo` on; nothing runs before
  /// the first ``answers(seeing:)``.
  init(location: StoreLocation, memo: AnswerMemo) {
    self.location = location
    self.memo = memo
  }

  /// The highest change counter value whose commit the memo's answers include.
  var heard: UInt64 { heardValue.load(ordering: .sequentiallyConsistent) }

  /// The memo's answers a request may be served from now: `nil` when the latest Sync is older than
  /// ``stalenessBound`` or the commit of version `commit` has not been heard. The first call starts the thread, and
  /// the calls made while its first session opens wait for it (at most ``stalenessBound``). Loaded before a read's
  /// snapshot, they are also the generation its answers are remembered in.
  func answers(seeing commit: UInt64?) -> RememberedAnswers? {
    if !started.load(ordering: .relaxed), !started.exchange(true, ordering: .acquiringAndReleasing) { start() }
    var synced = syncedAt.load(ordering: .sequentiallyConsistent)
    if synced == 0 {
      _ = firstSession.wait(timeout: .now() + .nanoseconds(Int(Self.boundNanoseconds)))
      synced = syncedAt.load(ordering: .sequentiallyConsistent)
    }
    guard synced > 0, DispatchTime.now().uptimeNanoseconds - synced <= Self.boundNanoseconds else { return nil }
    guard heard >= commit ?? 0 else { return nil }
    return memo.currentAnswers()
  }

  /// A commit of this server's (its write returned): in the memo's generation at once, so the server's next
  /// answers have it, before its notification comes back.
  func committed(_ version: UInt64) {
    memo.advance(.counted(version))
    raiseHeard(to: version)
  }

  /// Waits until a commit moves ``heard`` past `version`, at most `timeout`: ``heard`` then (at most `version`
  /// when none came in time), or `nil` when this listener does not listen (a database that cannot be listened to).
  /// The server's event streams follow the commits this way, on this listener's connection instead of one of their
  /// own. The first call starts the thread.
  func wait(past version: UInt64, timeout: Duration) -> UInt64? {
    if !started.load(ordering: .relaxed), !started.exchange(true, ordering: .acquiringAndReleasing) { start() }
    let deadline = DispatchTime.now() + .nanoseconds(Int(timeout / .nanoseconds(1)))
    while heard <= version {
      guard listens.load(ordering: .sequentiallyConsistent) else { return nil }
      guard heardMoved.wait(timeout: deadline) == .success else { break }
    }
    return listens.load(ordering: .sequentiallyConsistent) ? heard : nil
  }

  /// Ends the thread (within ``syncInterval``) and its connection.
  func stop() {
    running.store(false, ordering: .sequentiallyConsistent)
    stopping.signal()
  }

  /// Whether a new connection to `location` hears a commit that `announce` makes on another connection (`nil`: it
  /// cannot listen, a hot standby). A connection pooler in transaction mode runs the `LISTEN` and the later round
  /// trips on different server sessions, and a logical-replication subscriber never hears its publisher's
  /// commits: both false.
  static func hears(at location: StoreLocation, _ announce: () throws -> Void) throws -> Bool? {
    let connection = try location.connectPostgres()
    guard try listen(on: connection) else { return nil }
    _ = try connection.receivedNotifications()
    try announce()
    return try !connection.receivedNotifications().isEmpty
  }

  private static let boundNanoseconds = UInt64(stalenessBound / .nanoseconds(1))
  private static let intervalNanoseconds = UInt64(syncInterval / .nanoseconds(1))

  private func start() {
    firstSession.enter()  // left by the thread (a group must not end entered)
    // A serial queue's block that waits: Dispatch's overcommitting pool gives it a thread of its own.
    DispatchQueue(label: "stackfeed-commits").async { [self] in run() }
  }

  private func run() {
    var connection: PostgresCore.Connection?
    var isFirst = true
    while running.load(ordering: .sequentiallyConsistent) {
      do {
        if let listening = connection {
          try follow(listening)
          continue
        }
        defer {
          if isFirst { firstSession.leave() }
          isFirst = false
        }
        connection = try session()
        if connection == nil {  // a hot standby: no memo
          listens.store(false, ordering: .sequentiallyConsistent)
          heardMoved.signal()
          return
        }
      } catch {
        connection = nil  // the reads report the database's state; the thread tries again
        _ = stopping.wait(timeout: .now() + .nanoseconds(Int(Self.intervalNanoseconds)))
      }
    }
    if isFirst { firstSession.leave() }
  }

  /// A new session listening, its memo moved on as for a commit of unknown number; `nil` when it cannot listen.
  private func session() throws -> PostgresCore.Connection? {
    let connection = try location.connectPostgres()
    guard try Self.listen(on: connection) else { return nil }
    let start = DispatchTime.now().uptimeNanoseconds
    let count = try connection.readOneStatement { try StoreChanges.count(in: .postgres(connection)) }
    memo.advance(.unknown)
    raiseHeard(to: count)
    syncedAt.store(start, ordering: .sequentiallyConsistent)
    return connection
  }

  /// One step: a Sync when the latest is ``syncInterval`` old, else the notifications that arrive until then.
  private func follow(_ connection: PostgresCore.Connection) throws {
    let now = DispatchTime.now().uptimeNanoseconds
    let due = syncedAt.load(ordering: .sequentiallyConsistent) + Self.intervalNanoseconds
    guard now >= due else {
      hear(try connection.awaitNotifications(timeout: .nanoseconds(due - now)))
      return
    }
    hear(try connection.receivedNotifications())
    syncedAt.store(now, ordering: .sequentiallyConsistent)
  }

  /// Moves the memo on for the notifications' `payloads`: counted with the highest value when each carries one.
  private func hear(_ payloads: [String]) {
    guard !payloads.isEmpty else { return }
    let values = payloads.compactMap { UInt64($0) }
    memo.advance(values.count == payloads.count ? .counted(values.max() ?? 0) : .unknown)
    if let highest = values.max() { raiseHeard(to: highest) }
  }

  /// Raises ``heard`` to `version` and wakes a ``wait(past:timeout:)`` when it moved.
  private func raiseHeard(to version: UInt64) {
    if heardValue.max(version, ordering: .sequentiallyConsistent).oldValue < version { heardMoved.signal() }
  }

  /// Listens on `Connection.commitChannel`: false on a hot standby ("cannot execute LISTEN during recovery").
  private static func listen(on connection: PostgresCore.Connection) throws -> Bool {
    do {
      try connection.listen(to: PostgresCore.Connection.commitChannel)
      return true
    } catch let error as PostgresError where error.sqlState == "25006" {
      return false
    }
  }
}
