import HTTPServer

/// What a request's `Authorization` header presents. RFC 6750 §2.1: `Bearer`, one or more spaces, the token;
/// the scheme's case does not matter (RFC 9110 §11.1). Another scheme (`Basic …`) presents no bearer token.
///
/// The token is only ever looked up (``FeedAPI``): it never goes into a problem's detail, and the access log
/// shows no header.
enum Credential: Equatable {
  /// No `Authorization` header, or one of another scheme.
  case none
  /// A bearer token, as sent (an empty one included: it was sent, and is invalid).
  case bearer(String)

  /// The credential of `request`.
  init(_ request: HTTPRequest) {
    guard let value = request.header("Authorization") else {
      self = .none
      return
    }
    let trimmed = value.utf8.drop { $0 == 0x20 || $0 == 0x09 }
    let scheme = trimmed.prefix { $0 != 0x20 && $0 != 0x09 }
    guard scheme.elementsEqual("bearer".utf8, by: { $0 | 0x20 == $1 }) else {
      self = .none
      return
    }
    let token = trimmed.dropFirst(scheme.count).drop { $0 == 0x20 || $0 == 0x09 }
    let end = token.reversed().drop { $0 == 0x20 || $0 == 0x09 }.count
    self = .bearer(String(decoding: token.prefix(end), as: UTF8.self))
  }
}
