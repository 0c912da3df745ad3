import FeedStore
import Synchronization

#if canImport(FoundationEssentials)
  import Dispatch
#else
  import Foundation
#endif

/// Group commit: the plugin routes' writes that arrive while another group is being written share the next
/// transaction and its one commit (on PostgreSQL one `COMMIT` round trip and one `NOTIFY` for the group), each
/// inside a savepoint of its own, so that a write that throws is rolled back alone and its neighbours commit.
/// Each caller returns only once the commit that holds its write is done, with its own result, or the commit's
/// error when the group's transaction fails (then none of the group's writes is kept).
///
/// The first writer to find no group being written leads: it takes every write waiting (up to ``largestGroup``,
/// its own first), writes them in one transaction of the ``FeedSource``, wakes their callers, and hands the lead
/// to the first writer that came meanwhile. A write that finds no other runs alone, without a savepoint: a
/// server with one writer at a time works as it did without groups. The writes of one group run one after another
/// on the leader's thread, in the order they arrived, so each sees the ones before it (an `If-Match` on a row the
/// same group changed is checked against the change; an `Idempotency-Key` the group already used is answered
/// as a repeat).
final class WriteGroups: Sendable {
  /// The most writes one transaction holds: a bound on what one failed commit takes down with it and on how
  /// long the last of a group waits.
  static let largestGroup = 64

  private let source: any FeedSource
  private let committed: @Sendable () -> Void
  private let queue = Mutex(Queue())

  /// Group commit over `source`'s write transactions; `committed` is called after each commit (the metrics'
  /// `stackfeed_write_commits_total`).
  init(source: any FeedSource, committed: @escaping @Sendable () -> Void = {}) {
    self.source = source
    self.committed = committed
  }

  /// The writes waiting for a leader to take them into a group (tests wait for them to arrive).
  var waiting: Int { queue.withLock { $0.waiting.count } }

  /// Runs `body` in a write transaction of the store, shared with the writes that arrive together with it, and
  /// returns its result once that transaction is committed. Throws what `body` threw (its write rolled back, the
  /// others' kept), or the store's error when the transaction cannot be begun or committed.
  func write<T>(_ body: (StoreConnection) throws -> T) throws -> T {
    try withoutActuallyEscaping(body) { body in
      let write = PendingWrite<T>(body)
      let leads = queue.withLock { queue in
        queue.waiting.append(write)
        defer { queue.writing = true }
        return !queue.writing
      }
      if !leads {
        write.done.wait()  // written by a leader, or handed the lead
      }
      if !write.isFinished { lead() }
      return try write.result()
    }
  }

  /// Writes groups until the one holding the leader's own write is committed, then hands the lead on.
  private func lead() {
    let group = queue.withLock { queue in
      let taken = Array(queue.waiting.prefix(Self.largestGroup))
      queue.waiting.removeFirst(taken.count)
      return taken
    }
    commit(group)
    let next = queue.withLock { queue in
      if queue.waiting.isEmpty { queue.writing = false }
      return queue.waiting.first
    }
    for write in group.dropFirst() { write.done.signal() }
    next?.done.signal()  // not finished: it leads
  }

  /// Writes `group` in one transaction: alone, or each in a savepoint.
  private func commit(_ group: [any GroupedWrite]) {
    do {
      try source.write { db in
        if group.count == 1 {
          try group[0].run(in: db)
          return
        }
        for write in group {
          try db.execute("SAVEPOINT grouped_write")
          do {
            try write.run(in: db)
          } catch {
            write.fail(error)
            try db.execute("ROLLBACK TO grouped_write")
          }
          try db.execute("RELEASE grouped_write")
        }
      }
      committed()
    } catch {
      for write in group { write.groupFailed(error) }
    }
    for write in group { write.finish() }
  }

  /// The writes waiting, and whether a leader is writing a group.
  private struct Queue: ~Copyable {
    var waiting: [any GroupedWrite] = []
    var writing = false
  }
}

/// One write of a group, whatever its result type.
private protocol GroupedWrite: AnyObject, Sendable {
  /// Signalled when the write is finished, or when its caller is to lead the next group.
  var done: DispatchSemaphore { get }
  /// Runs the write in the group's transaction, keeping its result; throws what it threw.
  func run(in db: StoreConnection) throws
  /// The write threw `error` in a group: its savepoint is rolled back, the others go on.
  func fail(_ error: any Error)
  /// The transaction failed with `error` (it could not begin or commit, or the write ran alone and threw it):
  /// the result of a write that did not fail by itself is that error.
  func groupFailed(_ error: any Error)
  /// Its transaction ended: the result is final, and the write's body is let go (before its caller returns,
  /// which `withoutActuallyEscaping` checks).
  func finish()
}

/// A write waiting for its group's commit, and then its result. Its fields are set by the leader's thread
/// before ``done`` is signalled and read by the caller's after, so the semaphore orders them.
private final class PendingWrite<T>: GroupedWrite, @unchecked Sendable {
  private var body: ((StoreConnection) throws -> T)?
  /// Set by the transaction, once the write ran or failed.
  private var outcome: Result<T, any Error>?
  /// Set once the write's transaction has ended.
  private(set) var isFinished = false
  let done = DispatchSemaphore(value: 0)

  init(_ body: @escaping (StoreConnection) throws -> T) {
    self.body = body
  }

  func run(in db: StoreConnection) throws {
    guard let body else { return }
    outcome = .success(try body(db))
  }

  func fail(_ error: any Error) {
    outcome = .failure(error)
  }

  func groupFailed(_ error: any Error) {
    if case .failure? = outcome { return }
    outcome = .failure(error)
  }

  func finish() {
    body = nil
    isFinished = true
  }

  /// The write's result, once finished (every finished write has one: its transaction either ran it or failed).
  func result() throws -> T {
    guard let outcome else { preconditionFailure("a finished write has a result") }
    return try outcome.get()
  }
}
