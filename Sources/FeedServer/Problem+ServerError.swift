import FeedStore
import HTTPServer

extension Problem {
  /// 500: the server failed. The client learns that, and the request id to quote; `cause` (an error's own
  /// words, which may hold SQL, key values, paths) goes to the access log after that id.
  static func internalError(cause: String) -> Problem {
    serverError(
      status: 500,
      detail: "the server failed to answer this request; if it fails again, report the request id "
        + "in \"instance\"", cause: cause)
  }

  /// 503 with `Retry-After: 1`: the store cannot answer now (``StoreUnavailable``). The client learns when to try
  /// again; `cause` (which names the database: a file, a host) goes to the access log after the request id.
  static func unavailable(cause: String) -> Problem {
    var problem = serverError(
      status: 503, detail: "the feed's database cannot answer now; try again after the Retry-After seconds",
      cause: cause)
    problem.headers = [HTTPField("Retry-After", "1")]
    return problem
  }

  private static func serverError(status: Int, detail: String, cause: String) -> Problem {
    let instance = requestID()
    var problem = Problem(status: status, detail: detail)
    problem.instance = instance
    problem.logNote = "\(instance): \(cause)"
    return problem
  }

  /// A new request id: `urn:stackfeed:request:` and 16 hex digits (64 bits from the OS's CSPRNG), unique enough
  /// to find one line in a log.
  static func requestID() -> String {
    var ids = RandomIDs(.system)
    return ids.hex(prefix: "urn:stackfeed:request:", words: 1)
  }
}
