import HTTPServer

/// `Stackfeed-Commit` (docs/HTTP.md, "Reading your own writes"): a write's answer carries the version of the change
/// log its commit made (``Committed/version``); a client that sends the highest it got back with its reads is
/// answered with that commit in, by whichever server over the same database it asks.
enum CommitHeader {
  /// The header's name, in answers and in requests.
  static let name = "Stackfeed-Commit"

  /// The version `request` asks to see, `nil` without the header; 400 when it is not a version (1 to 20 digits
  /// that fit in 64 bits).
  static func version(of request: HTTPRequest) throws(Problem) -> UInt64? {
    guard let value = request.header(name) else { return nil }
    guard value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let version = UInt64(value)
    else {
      throw Problem(
        status: 400,
        detail: "\(name) takes the version a write answered with (a whole number of up to 20 digits that fits in 64 "
          + "bits), not \(value.utf8.count) other bytes")
    }
    return version
  }

  /// `response` with the header naming `version`.
  static func adding(_ version: UInt64, to response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers.append(HTTPField(name, String(version)))
    return response
  }
}
