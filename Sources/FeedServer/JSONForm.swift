import HTTPServer
import JSONCore

/// How the API's JSON bodies go on the wire: compact (no insignificant whitespace), unless the request asks
/// for `pretty=1`, which sends them indented as the CLI prints them. Every JSON answer (`application/json` and
/// `application/problem+json`) of every route takes the parameter; its `ETag` is that of the bytes sent, so
/// the two forms of an answer have different tags.
enum JSONForm: Equatable {
  /// No whitespace between tokens (the default).
  case compact
  /// As written by the CLI's writers: one row per line, layouts indented (`pretty=1`).
  case pretty

  /// The form `fields` (a request's query) ask for, taking `pretty` out of them (the endpoints' parameters
  /// are the others): `pretty=1` is ``pretty``, `pretty=0` or no `pretty` ``compact``; any other value, or
  /// `pretty` twice, is a 400 problem.
  init(taking fields: inout [HTTPField]) throws(Problem) {
    let given = fields.filter { $0.name == "pretty" }
    guard !given.isEmpty else {
      self = .compact
      return
    }
    fields.removeAll { $0.name == "pretty" }
    guard given.count == 1 else { throw .badParameter("pretty", "pretty is given more than once") }
    switch given[0].value {
    case "1": self = .pretty
    case "0": self = .compact
    default:
      throw .badParameter("pretty", "pretty takes 1 (indented JSON) or 0 (compact), not \"\(given[0].value ?? "")\"")
    }
  }

  /// The writers' style for this form: the data endpoints that write JSON themselves (`/v1/feed`, `/v1/render`)
  /// write it in this form at once; other answers are compacted afterwards (``apply(to:)-(HTTPResponse)``).
  var style: JSONStyle {
    self == .compact ? .compact : .indented
  }

  /// `response` with its JSON body in this form; other bodies as they are.
  func apply(to response: HTTPResponse) -> HTTPResponse {
    guard self == .compact, Self.isJSON(response) else { return response }
    var response = response
    response.body = JSONWriter.compact(response.body)
    return response
  }

  /// `body` (a JSON document as the writers make it) in this form.
  func apply(to body: [UInt8]) -> [UInt8] {
    self == .compact ? JSONWriter.compact(body) : body
  }

  /// Whether the response's body is JSON (a document or a problem).
  private static func isJSON(_ response: HTTPResponse) -> Bool {
    guard let type = response.headers.first(where: { $0.name == "Content-Type" })?.value else { return false }
    return type == MediaType.json || type == MediaType.problem
  }
}
