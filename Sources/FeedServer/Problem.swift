import HTTPServer
import JSONCore

/// An HTTP error answer with an RFC 9457 `application/problem+json` body:
///
///     {"type": "about:blank", "title": "Bad Request", "status": 400,
///      "detail": "limit takes an integer from 1 to 500, not \"abc\"", "parameter": "limit"}
///
/// `parameter` (an extension member) names the query parameter that was wrong, when one was; `field` names the
/// field of a request body that was (`items[0].quantity`). A server error (``internalError(cause:)``,
/// ``unavailable(cause:)``) says what the client can do and gives a request id (`instance`); its cause goes to the
/// access log under that id, never to the client.
struct Problem: Error, Sendable {
  /// The HTTP status, e.g. 400.
  var status: Int
  /// One sentence saying what was wrong.
  var detail: String
  /// The query parameter at fault, if any.
  var parameter: String?
  /// The request body's field at fault, if any, as a path such as `items[0].quantity`.
  var field: String?
  /// Extra header fields, e.g. `Allow` for 405 or `Retry-After` for 503.
  var headers: [HTTPField] = []
  /// The request id of a server error (`urn:stackfeed:request:…`), which the access log prints with the cause.
  var instance: String?
  /// What the access log says of this answer besides its line (``HTTPResponse/logNote``); never sent.
  var logNote: String?

  /// A bad query parameter: 400 naming it.
  static func badParameter(_ name: String, _ detail: String) -> Problem {
    Problem(status: 400, detail: detail, parameter: name)
  }

  /// The status line's reason phrase, used as the problem's `title`.
  var title: String {
    switch status {
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 410: "Gone"
    case 412: "Precondition Failed"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 428: "Precondition Required"
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
    if let field {
      bytes.append(literal: #", "field": "#)
      JSONWriter.string(field, to: &bytes)
    }
    if let instance {
      bytes.append(literal: #", "instance": "#)
      JSONWriter.string(instance, to: &bytes)
    }
    bytes.append(literal: "}\n")
    let type = HTTPField("Content-Type", MediaType.problem)
    return HTTPResponse(status: status, headers: [type] + headers, body: bytes.bytes, logNote: logNote)
  }
}
