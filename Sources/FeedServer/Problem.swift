import HTTPServer
import JSONCore

/// An HTTP error answer with an RFC 9457 `application/problem+json` body:
///
///     {"type": "about:blank", "title": "Bad Request", "status": 400,
///      "detail": "limit takes an integer from 1 to 500, not \"abc\"", "parameter": "limit"}
///
/// `parameter` (an extension member) names the query parameter that was wrong, when one was.
struct Problem: Error, Sendable {
  /// The HTTP status, e.g. 400.
  var status: Int
  /// One sentence saying what was wrong.
  var detail: String
  /// The query parameter at fault, if any.
  var parameter: String?
  /// Extra header fields, e.g. `Allow` for 405 or `Retry-After` for 503.
  var headers: [HTTPField] = []

  /// A bad query parameter: 400 naming it.
  static func badParameter(_ name: String, _ detail: String) -> Problem {
    Problem(status: 400, detail: detail, parameter: name)
  }

  /// The status line's reason phrase, used as the problem's `title`.
  var title: String {
    switch status {
    case 400: "Bad Request"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 503: "Service Unavailable"
    default: "Internal Server Error"
    }
  }

  /// The response: the status, the extra headers and the JSON body.
  var response: HTTPResponse {
    var bytes = ByteBuffer(capacity: 256)
    bytes.append(literal: #"{"type": "about:blank", "title": "#)
    JSONWriter.string(title, to: &bytes)
    bytes.append(#", "status": \#(status), "detail": "#)
    JSONWriter.string(detail, to: &bytes)
    if let parameter {
      bytes.append(literal: #", "parameter": "#)
      JSONWriter.string(parameter, to: &bytes)
    }
    bytes.append(literal: "}\n")
    let type = HTTPField("Content-Type", MediaType.problem)
    return HTTPResponse(status: status, headers: [type] + headers, body: bytes.bytes)
  }
}
