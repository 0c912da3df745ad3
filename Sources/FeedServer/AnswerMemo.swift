import HTTPServer

/// The answers one store connection made from one version of the feed, so that a request that comes again
/// before the feed changes is answered without composing the page again.
///
/// The store hands a connection's memo to a request only after ``use(version:)`` with the version of the feed
/// that the request's read transaction sees (``FeedSnapshot``): when that is not the version the answers were
/// made from, they are forgotten first. An answer is remembered from inside the read that made it, so it is
/// always labelled with the version it was made from, and it is only ever served to a read of that version.
///
/// A memo belongs to one connection, which one request uses at a time, and holds at most `limit` bytes (a
/// per-connection cost, like the connection's page cache); the oldest answers give way to new ones.
final class AnswerMemo: @unchecked Sendable {
  /// What a response depends on besides the feed: the path, the query arguments as sent (in order, so an
  /// argument order never seen before is a miss, never a wrong answer), the user it was made for (so one
  /// user's answer is never served to another) and the body size from which it is gzipped (``AcceptEncoding``;
  /// `nil`: never), so a page asked for gzipped is compressed once and kept compressed.
  struct Key: Hashable {
    var path: String
    var query: [HTTPField]
    var viewer: String
    var gzipFrom: Int? = nil
  }

  /// The most bytes of answers the memo holds.
  let limit: Int
  private var version: Int64?
  private var answers: [Key: HTTPResponse] = [:]
  private var order: [Key] = []  // oldest first, from `oldest` on
  private var oldest = 0
  private var bytes = 0

  /// An empty memo holding at most `limit` bytes.
  init(limit: Int) {
    self.limit = limit
  }

  /// Forgets every answer unless the memo holds answers of `version` (the store's version of the feed that the
  /// current read sees).
  func use(version: Int64) {
    guard version != self.version else { return }
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

  /// Remembers `response` for `key`, the oldest answers giving way when the memo is full; an answer larger
  /// than the whole memo is not kept.
  func remember(_ response: HTTPResponse, for key: Key) {
    let size = Self.size(of: response, key: key)
    guard answers[key] == nil, size <= limit else { return }
    while bytes + size > limit, oldest < order.count {
      if let dropped = answers.removeValue(forKey: order[oldest]) {
        bytes -= Self.size(of: dropped, key: order[oldest])
      }
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

  /// What an answer counts against the limit: its body and, roughly, its headers and key.
  private static func size(of response: HTTPResponse, key: Key) -> Int {
    response.body.count + 256 + key.path.utf8.count + key.viewer.utf8.count
      + key.query.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) + 32 }
  }
}
