import HTTPServer

/// What a request's `Authorization` header presents. RFC 6750 §2.1: `Bearer`, one or more spaces, the token, a
/// `token68` (letters, digits, `-._~+/`, then any `=`); the scheme's case does not matter (RFC 9110 §11.1).
/// Another scheme (`Basic …`) presents no bearer token; `Bearer` with nothing after it, or with something that
/// is not a `token68`, is malformed (RFC 6750 §3.1: 400 `invalid_request`, not 401 `invalid_token`).
///
/// The token is only ever looked up (``FeedAPI``): it never goes into a problem's detail, and the access log
/// shows no header.
enum Credential: Equatable {
  /// No `Authorization` header, or one of another scheme.
  case none
  /// A bearer token, as sent.
  case bearer(String)
  /// The `Bearer` scheme without a `token68` after it.
  case malformed

  /// The credential of `request`.
  init(_ request: HTTPRequest) {
    guard let value = request.header("Authorization") else {
      self = .none
      return
    }
    let trimmed = value.utf8.drop { $0 == 0x20 || $0 == 0x09 }
    let scheme = trimmed.prefix { $0 != 0x20 && $0 != 0x09 }
    guard HTTPField.equalIgnoringCase(scheme, "bearer".utf8) else {
      self = .none
      return
    }
    let token = trimmed.dropFirst(scheme.count).drop { $0 == 0x20 || $0 == 0x09 }
    let end = token.lastIndex { $0 != 0x20 && $0 != 0x09 }.map(token.index(after:)) ?? token.startIndex
    let sent = token[..<end]
    guard Self.isToken68(sent) else {
      self = .malformed
      return
    }
    self = .bearer(String(decoding: sent, as: UTF8.self))
  }

  /// Whether `bytes` are a `token68` (RFC 9110 §11.2): one or more of `A–Z a–z 0–9 - . _ ~ + /`, then any `=`.
  /// One pass forward (read backwards through a reversed view it was most of a write's token check).
  private static func isToken68(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
    var body = 0
    var padding = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "="): padding += 1
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
        guard padding == 0 else { return false }
        body += 1
      default: return false
      }
    }
    return body > 0
  }
}
