import FeedStore
import HTTPServer

extension Problem {
  /// The answer to a caller whose token does not allow `needed` (RFC 6750 §3): 401 with `WWW-Authenticate:
  /// Bearer` without a token, 403 with `error="insufficient_scope"` with one.
  static func scope(_ needed: TokenScope, refusedTo caller: Caller) -> Problem {
    guard caller.scope != nil else {
      return Problem(
        status: 401, detail: "this route needs a token (Authorization: Bearer TOKEN) with the scope \(needed)",
        headers: [HTTPField("WWW-Authenticate", "Bearer")])
    }
    return Problem(
      status: 403, detail: "this route needs a token with the scope \(needed)",
      headers: [HTTPField("WWW-Authenticate", "Bearer error=\"insufficient_scope\", scope=\"\(needed)\"")])
  }
}
