import HTTPServer
import Synchronization

/// The answers the server made, shared by all its store connections, so that a request that comes again before
/// the feed changes is answered without composing the page again — within one byte budget for the whole server
/// (`serve --memo-size`, default 64 MiB; 0: nothing is remembered).
///
/// **Generations.** The answers are labelled with a generation of the feed: a counter of the server's, moved on
/// ("bumped") whenever the feed changed. On PostgreSQL the server's ``CommitListener`` bumps (``advance(_:)``)
/// when it hears a commit, and a read takes the current generation before its snapshot begins
/// (``currentAnswers()``): an answer remembered in it is made from a snapshot that began after every commit the
/// bumps to it were for, and a commit the snapshot missed is heard after, bumping past it. On SQLite a read
/// follows this protocol (``SQLiteSource``; ``PostgresSource`` followed it too, with a round trip per read, until
/// the listener):
///
/// 1. ``generationBeforeRead()``, before anything of the read (before its snapshot starts, and on SQLite before
///    the file is looked up): the generation `g0`.
/// 2. The read learns what changed on its connection since that connection's previous read (a ``Change``).
///    SQLite: `PRAGMA data_version` differs, read as the statement that starts the snapshot, and then the store's
///    change counter (`StoreChanges`, moved on by every write that can change what a feed shows, by no
///    bookkeeping) read in that snapshot: ``Change/counted(_:)`` with its value when it moved, ``Change/none``
///    when only bookkeeping committed. PostgreSQL: the commits announced, asked just before the snapshot (a
///    commit is announced once it is visible; bookkeeping is not announced): ``Change/counted(_:)`` with the
///    highest counter value they carry (a write announces its value), ``Change/unknown`` when one carries none
///    (announced by hand, a migration), ``Change/none`` when none came. A connection's first read (a new
///    connection or session) is ``Change/unknown``.
/// 3. ``answers(forReadFrom:change:)``: on a change the read bumps the generation — always, whether or not it may
///    use the memo then — except that a counted change to the value the current generation was bumped for
///    (another connection saw the same commit first) bumps nothing, so one commit makes one generation whatever
///    the number of connections. It uses the memo with `g0` when nothing changed, or when its counted value is
///    the current generation's and that is still `g0`; with its own bump `g0 + 1` when nobody else bumped
///    between its step 1 and its bump; else it is served without the memo (nothing looked up, nothing
///    remembered).
///
/// A change here means a change of what a feed shows: a commit that leaves the change counter where it was
/// changes no answer. Why a read never gets an answer made from a snapshot that misses such a commit `C` its own
/// snapshot has: let `R2` see `C` and `R1` miss it, both with generation `g`. The first read on `R2`'s connection
/// that sees `C` found the feed changed (its counter is `C`'s value or later, its previous read's was earlier:
/// the writers take turns — on SQLite the write lock, on PostgreSQL the row lock on `store_changes` until the
/// commit) and either bumped, after `C` (its snapshot began after `C`; PostgreSQL announces a commit only once it
/// is visible), to a value `v`, or took the current generation `v` bumped for its own counter value, by a read
/// whose snapshot has that value (on PostgreSQL: heard it before its snapshot began), so also after `C`; `v ≤ g`
/// (that read is `R2` or came before it). `R1`'s `g` existed when `R1` did step 1 (a generation loaded then), or
/// is `R1`'s own bump with no bump between its step 1 and it (so any value below `g` existed at step 1). If
/// `v = g`, `g` was made after `C`, so it is `R1`'s own bump — but then `R2`'s connection did not bump it, and
/// did not take it either: `R1` bumped it for its own counter value, which is before `C`'s, or for no value. If
/// `v < g`, `v` was made before `R1`'s step 1, which came before `R1`'s snapshot (and on SQLite before `R1`
/// looked up the file), so `R1` sees `C`. Either way a contradiction. A file replaced at its path is the same
/// case: a connection to the new file is new (it bumps), and a read of the old file looked it up, after its step
/// 1, before the replacement.
///
/// The memo itself keeps the answers of one generation: a lookup or an answer of a newer one forgets them all
/// (lazily: the bump does not take the memo's lock), one of an older one finds nothing and keeps nothing. After a
/// commit the first read that sees it bumps and the other connections' reads join its generation (on PostgreSQL
/// when the commit was announced with its counter value; one announced without a number is bumped for by each
/// connection once, so a few reads are made without the memo until they have all seen it).
///
/// **Budget.** The answers (bodies, headers, keys, counted by ``size(of:key:)``) and the admission filter
/// (``Doorkeeper``: 1/64 of the budget) never take more than the budget. An answer is admitted when its key was
/// offered recently before (the second time its page is made), and evicted by ``MemoClock``'s CLOCK: pages asked
/// often stay, a flood of pages asked once never enters.
final class AnswerMemo: Sendable {
  /// The most bytes the memo takes: its answers and its admission filter.
  let budget: Int
  /// The most bytes of answers (the budget less the admission filter's share).
  let answerLimit: Int
  private let generation = Atomic<UInt64>(0)
  /// The change counter's value the current generation was bumped for (`nil`: none known); every bump is made
  /// holding it.
  private let bumpedFor = Mutex<UInt64?>(nil)

  /// What a read learned at step 2 of the protocol (above).
  enum Change: Equatable {
    /// Nothing a feed shows changed since the connection's previous read.
    case none
    /// The store's change counter moved on to this value (SQLite: read in the read's snapshot; PostgreSQL: the
    /// highest value announced since the connection's previous read).
    case counted(UInt64)
    /// Something may have changed, which commit unknown: a first read, or on PostgreSQL a commit announced
    /// without a counter value.
    case unknown
  }
  private let state: Mutex<State>

  private struct State {
    var generation: UInt64 = 0
    var answers = MemoClock()
    var doorkeeper: Doorkeeper

    /// Whether the memo holds answers of `generation` now: the answers of an older generation are handed to
    /// `forgotten` (freed by the caller after the lock) and the memo moves to it; an older `generation` is not
    /// the memo's.
    mutating func enter(_ generation: UInt64, forgetting forgotten: inout MemoClock) -> Bool {
      if generation == self.generation { return true }
      guard generation > self.generation else { return false }
      swap(&answers, &forgotten)
      self.generation = generation
      return true
    }
  }

  /// An empty memo taking at most `budget` bytes (0: it remembers nothing).
  init(budget: Int) {
    self.budget = max(0, budget)
    let capacity = self.budget / 2048
    answerLimit = max(0, self.budget - Doorkeeper.bytes(capacity: capacity))
    state = Mutex(State(doorkeeper: Doorkeeper(capacity: capacity)))
  }

  /// Step 1 of a read (above): the generation now, loaded before anything of the read happens.
  func generationBeforeRead() -> UInt64 {
    generation.load(ordering: .sequentiallyConsistent)
  }

  /// Step 3 of a read (above), once its snapshot has started: bumps the generation on a `change` (once per
  /// counted value), and gives the answers the read may use, or `nil` (no memo for this read: another read bumped
  /// meanwhile, its counted value is older than the current generation's, or the budget is 0). `before` is the
  /// read's step 1.
  func answers(forReadFrom before: UInt64, change: Change) -> RememberedAnswers? {
    guard budget > 0 else { return nil }
    let usable: UInt64? = bumpedFor.withLock { bumpedFor in
      guard Self.bumps(for: change, &bumpedFor) else {
        guard case .counted(let value) = change else { return before }
        return value == bumpedFor && generation.load(ordering: .sequentiallyConsistent) == before ? before : nil
      }
      let bumped = generation.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
      return bumped == before &+ 1 ? bumped : nil
    }
    return usable.map { RememberedAnswers(memo: self, generation: $0) }
  }

  /// A change learnt outside any read (on PostgreSQL from ``CommitListener``: a commit's notification, a new
  /// session, or a write of this server that committed): bumps the generation as step 3 does, once per counted
  /// value, so that every answer of the generation after it is made from a snapshot that began after it.
  func advance(_ change: Change) {
    bumpedFor.withLock { bumpedFor in
      if Self.bumps(for: change, &bumpedFor) { generation.add(1, ordering: .sequentiallyConsistent) }
    }
  }

  /// The answers of the current generation, for a read that knows by other means that they hold (PostgreSQL's
  /// ``CommitListener`` heard every commit up to the one it needs); `nil` when the budget is 0. Loaded before a
  /// read's snapshot, it is also the generation that read's answers are remembered in.
  func currentAnswers() -> RememberedAnswers? {
    guard budget > 0 else { return nil }
    return RememberedAnswers(memo: self, generation: generation.load(ordering: .sequentiallyConsistent))
  }

  /// Whether `change` bumps the generation, noting in `bumpedFor` the counted value it bumps for: nothing changed
  /// bumps nothing, nor does a counted value the current generation was bumped for (or a lower one: a commit
  /// before that one), so one commit makes one generation whatever the number of connections that see it.
  private static func bumps(for change: Change, _ bumpedFor: inout UInt64?) -> Bool {
    switch change {
    case .none: return false
    case .counted(let value) where bumpedFor.map({ value <= $0 }) ?? false: return false
    case .counted(let value): bumpedFor = value
    case .unknown: bumpedFor = nil
    }
    return true
  }

  /// The answer remembered for `key` in `generation`, if any.
  func answer(for key: Key, generation: UInt64) -> HTTPResponse? {
    var forgotten = MemoClock()  // released outside the lock
    return state.withLock { state in
      guard state.enter(generation, forgetting: &forgotten) else { return nil }
      return state.answers.answer(for: key)
    }
  }

  /// Remembers `response` for `key` in `generation`, when the doorkeeper lets it in and it fits in the
  /// budget; the answers asked for least recently give way.
  func remember(_ response: HTTPResponse, for key: Key, generation: UInt64) {
    var forgotten = MemoClock()
    let admitted = state.withLock { state in
      state.enter(generation, forgetting: &forgotten) && !state.answers.holds(key)
        && state.doorkeeper.admits(key.digest)
    }
    guard admitted else { return }
    // Kept without the spare capacity its body was built with (a gzipped body's buffer is the input's size).
    let kept = Self.compacted(response)
    let size = Self.size(of: kept, key: key)
    guard size <= answerLimit else { return }
    state.withLock { state in
      guard state.enter(generation, forgetting: &forgotten), !state.answers.holds(key) else { return }
      state.answers.insert(kept, for: key, size: size, limit: answerLimit)
    }
  }

  /// The bytes and count of the answers held now (for tests).
  var held: (bytes: Int, count: Int) {
    state.withLock { ($0.answers.bytes, $0.answers.count) }
  }

  /// What an answer counts against the budget: its body's buffer, its headers and key, and the memo's own
  /// entry for it, roughly.
  static func size(of response: HTTPResponse, key: Key) -> Int {
    160 + response.body.capacity + key.size
      + response.headers.reduce(0) { $0 + 48 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) }
  }

  /// `response` with a body whose buffer holds little more than its bytes.
  private static func compacted(_ response: HTTPResponse) -> HTTPResponse {
    let body = response.body
    guard body.capacity - body.count > body.count / 8 + 64 else { return response }
    var compact = response
    compact.body = []
    compact.body.reserveCapacity(body.count)
    compact.body.append(contentsOf: body)
    return compact
  }
}
