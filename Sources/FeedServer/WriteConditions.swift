import HTTPServer

/// The preconditions of a write to an existing row (RFC 9110 §13.1, evaluated as §13.2.2 orders them), checked
/// in the write's transaction against the row read locked (``FeedPlugins/RowRoute/target``), so that the row
/// the handler changes is the one they were checked against.
struct WriteConditions {
  /// `If-Match`: the write goes ahead only when it names a current `ETag` of the row (or is `*`), compared
  /// strongly (a weak tag `W/"…"` never matches).
  var ifMatch: String?
  /// `If-None-Match`: the write goes ahead only when it names no current `ETag` of the row (compared weakly)
  /// and is not `*` (which asks for a row that does not exist yet).
  var ifNoneMatch: String?

  /// The conditions `request` sends.
  init(_ request: HTTPRequest) {
    ifMatch = request.header("If-Match")
    ifNoneMatch = request.header("If-None-Match")
  }

  /// Throws 404 when the row is gone (`current` is nil: no condition is looked at, RFC 9110 §13.2.1), 412 when
  /// a condition fails against `current`, every `ETag` the server gives for the row's current state (compact
  /// and `pretty=1`, identity and gzip).
  func check(current: [String]?, _ request: HTTPRequest) throws(Problem) {
    guard let current else { throw Problem(status: 404, detail: "nothing at \(request.path)") }
    if let ifMatch, !current.contains(where: { EntityTag.satisfies(ifMatch: ifMatch, $0) }) {
      throw Problem(
        status: 412,
        detail: "If-Match names another version of \(request.path) than the current one (GET it for its ETag)")
    }
    if let ifNoneMatch, current.contains(where: { EntityTag.matches(ifNoneMatch, $0) }) {
      throw Problem(
        status: 412,
        detail: "If-None-Match names the current version of \(request.path) (or is *, and the row exists)")
    }
  }
}
