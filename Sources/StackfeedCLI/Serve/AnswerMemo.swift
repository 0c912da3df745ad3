import HTTPServer
import Synchronization

/// The answers one store connection made from one version of the feed, so that a request that comes again
/// before the feed changes is answered without composing the page again.
///
/// The store hands a connection's memo to a request only after ``use(version:)`` with the version of the feed
/// that the request's read transaction sees (``FeedSnapshot``): when that is not the version the answers were
/// made from, they are forgotten first. An answer is remembered from inside the read that made it, so it is
/// always labelled with the version it was made from, and it is only ever served to a read of that version.
///
/// A memo belongs to one connection, which one request uses at a time; all memos share one byte budget.
final class AnswerMemo: @unchecked Sendable {
  /// What a response depends on besides the feed: the path and the query arguments as sent (in order, so an
  /// argument order never seen before is a miss, never a wrong answer).
  struct Key: Hashable {
    var path: String
    var query: [HTTPField]
  }

  private let budget: Budget
  private var version: Int64?
  private var answers: [Key: HTTPResponse] = [:]
  private var order: [Key] = []  // oldest first, from `oldest` on
  private var oldest = 0
  private var bytes = 0

  /// A memo taking its room from `budget`.
  init(budget: Budget) {
    self.budget = budget
  }

  deinit {
    budget.release(bytes)
  }

  /// Forgets every answer unless the memo holds answers of `version` (the store's version of the feed that the
  /// current read sees).
  func use(version: Int64) {
    guard version != self.version else { return }
    budget.release(bytes)
    answers.removeAll(keepingCapacity: true)
    order.removeAll(keepingCapacity: true)
    oldest = 0
    bytes = 0
    self.version = version
  }

  /// The answer remembered for `key`, if any.
  subscript(key: Key) -> HTTPResponse? {
    answers[key]
  }

  /// Remembers `response` for `key`, the oldest answers giving way when the budget is spent; an answer larger
  /// than the whole budget is not kept.
  func remember(_ response: HTTPResponse, for key: Key) {
    let size = Self.size(of: response, key: key)
    guard answers[key] == nil, size <= budget.limit else { return }
    while !budget.take(size) {
      guard oldest < order.count else { return }
      forget(order[oldest])
      oldest += 1
    }
    if oldest > 64, oldest * 2 > order.count {
      order.removeFirst(oldest)
      oldest = 0
    }
    answers[key] = response
    order.append(key)
    bytes += size
  }

  private func forget(_ key: Key) {
    guard let dropped = answers.removeValue(forKey: key) else { return }
    let freed = Self.size(of: dropped, key: key)
    bytes -= freed
    budget.release(freed)
  }

  /// What an answer counts against the budget: its body and, roughly, its headers and key.
  private static func size(of response: HTTPResponse, key: Key) -> Int {
    response.body.count + 256 + key.path.utf8.count
      + key.query.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) + 32 }
  }

  /// The bytes all memos of a server may hold together.
  final class Budget: Sendable {
    /// The most bytes the memos hold at once.
    let limit: Int
    private let used = Atomic(0)

    /// A budget of `limit` bytes.
    init(limit: Int) {
      self.limit = limit
    }

    /// Takes `count` bytes when they are free; false (and nothing taken) when not.
    func take(_ count: Int) -> Bool {
      var current = used.load(ordering: .relaxed)
      while current + count <= limit {
        let (exchanged, original) = used.compareExchange(
          expected: current, desired: current + count, ordering: .relaxed)
        if exchanged { return true }
        current = original
      }
      return false
    }

    /// Gives back `count` bytes.
    func release(_ count: Int) {
      if count > 0 { used.subtract(count, ordering: .relaxed) }
    }
  }
}
