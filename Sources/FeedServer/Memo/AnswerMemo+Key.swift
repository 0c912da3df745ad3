import HTTPServer

extension AnswerMemo {
  /// What a response depends on besides the feed: the path, the query arguments as sent (in order, so an
  /// argument order never seen before is a miss, never a wrong answer), the user it was made for (so one
  /// user's answer is never served to another) and the body size from which it is gzipped (``AcceptEncoding``;
  /// `nil`: never), so a page asked for gzipped is compressed once and kept compressed.
  ///
  /// A key is hashed once, when it is made (``digest``): the memo's table then hashes one integer inside its
  /// lock, and the admission filter (``Doorkeeper``) keeps only that integer.
  struct Key: Hashable, Sendable {
    let path: String
    let query: [HTTPField]
    let viewer: String
    let gzipFrom: Int?
    /// The hash of the fields above.
    let digest: Int
    /// The hash of the page's fields (all but `gzipFrom`), which the page's other codings share.
    private let page: Int

    /// The key of the page at `path` with `query` made for `viewer`, gzipped from `gzipFrom` bytes on.
    init(path: String, query: [HTTPField], viewer: String, gzipFrom: Int? = nil) {
      var hasher = Hasher()
      hasher.combine(path)
      hasher.combine(query)
      hasher.combine(viewer)
      self.init(path: path, query: query, viewer: viewer, page: hasher.finalize(), gzipFrom: gzipFrom)
    }

    private init(path: String, query: [HTTPField], viewer: String, page: Int, gzipFrom: Int?) {
      self.path = path
      self.query = query
      self.viewer = viewer
      self.page = page
      self.gzipFrom = gzipFrom
      // The table hashes the digest again, so a plain mix is enough here.
      digest = page ^ (gzipFrom.map { ($0 &+ 1) &* 0x61C8_8646_80B5_83EB } ?? 0)
    }

    /// The same page gzipped from `gzipFrom` bytes on, without hashing the page again.
    func gzipped(from gzipFrom: Int?) -> Key {
      Key(path: path, query: query, viewer: viewer, page: page, gzipFrom: gzipFrom)
    }

    /// The bytes the key's own storage takes, roughly (the memo counts them against its budget).
    var size: Int {
      path.utf8.count + viewer.utf8.count
        + query.reduce(64) { $0 + 48 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) }
    }

    static func == (left: Key, right: Key) -> Bool {
      left.digest == right.digest && left.gzipFrom == right.gzipFrom && left.path == right.path
        && left.viewer == right.viewer && left.query == right.query
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(digest)
    }
  }
}
