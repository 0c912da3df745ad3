import CivilTime
import FeedStore
import Synchronization

/// When each API token was last used, kept in memory and written to the store's `tokens.last_used_at` in one
/// transaction at most once per ``interval`` (and by ``flush()``, which `stackfeed serve` calls when it stops),
/// so that authenticating a request stays a read: a write per request would take the database's write lock
/// on every request and, on SQLite, empty every connection's answer memo (`PRAGMA data_version` changes).
///
/// The request that finds the batch due writes it, after its answer is made, on a connection of its own to
/// the database (the primary, also when the feed is read from a replica). A write that fails keeps its uses
/// for the next try, an interval later. What a `kill -9` loses is at most the last interval's uses; `token list` shows a use that
/// late.
///
///     api.tokenUses = TokenUseLog(location: primary)   // FeedAPI records each verified token here
public final class TokenUseLog: Sendable {
  private struct State {
    var pending: [String: Int64] = [:]
    /// When the oldest pending use was noted.
    var since: Int64?
    var writing = false
  }

  /// The database written to.
  public let location: StoreLocation
  /// The longest a use waits in memory before a request writes it, in milliseconds.
  public let interval: Int64
  private let clock: @Sendable () -> Int64
  private let state = Mutex(State())

  /// A log writing to the database at `location` at most every `interval`; `clock` gives the time in UTC
  /// milliseconds since 1970 (the system's wall clock unless a test gives its own).
  public init(
    location: StoreLocation, interval: Duration = .seconds(60),
    clock: @escaping @Sendable () -> Int64 = UTCMilliseconds.now
  ) {
    self.location = location
    self.interval = interval.wholeMilliseconds
    self.clock = clock
  }

  /// Notes that the token `id` was used now, and writes the pending uses when the oldest has waited
  /// ``interval`` and no other request is writing them.
  func record(_ id: String) {
    let now = clock()
    let due = state.withLock { state -> [String: Int64]? in
      state.pending[id] = max(state.pending[id] ?? now, now)
      let since = state.since ?? now
      state.since = since
      guard !state.writing, now - since >= interval else { return nil }
      state.writing = true
      return take(&state)
    }
    if let due { write(due) }
  }

  /// Writes every pending use now (`stackfeed serve` does when it stops).
  public func flush() {
    let due = state.withLock { state -> [String: Int64]? in
      guard !state.writing, !state.pending.isEmpty else { return nil }
      state.writing = true
      return take(&state)
    }
    if let due { write(due) }
  }

  private func take(_ state: inout State) -> [String: Int64] {
    let taken = state.pending
    state.pending = [:]
    state.since = nil
    return taken
  }

  /// Writes `uses`; when that fails they go back to the pending ones, for the next write.
  private func write(_ uses: [String: Int64]) {
    var failed = false
    do {
      // Never a new empty file where the database went missing: the uses wait for it.
      try TokenStore(location.connect(creating: false)).recordUse(uses)
    } catch {
      failed = true
    }
    state.withLock { state in
      state.writing = false
      guard failed else { return }
      state.pending.merge(uses, uniquingKeysWith: max)
      state.since = clock()  // the next try an interval later, not on every request
    }
  }
}
