import FeedPlugins
import FeedStore
import HTTPServer
import JSONCore

/// A request's JSON body, checked the one way every route that takes a body checks it: `Content-Type:
/// application/json` (parameters such as `charset=utf-8` allowed) or 415; no more than the server's body
/// limit (64 KiB) or 413; well-formed JSON or 400 naming the line and column; a JSON object following the
/// route's rules (``RecordRules``, the ones the kind's seed records follow) or 422 naming the field.
enum RequestBody {
  /// The body of `request` as a record, checked by `rules`.
  static func record(of request: HTTPRequest, rules: RecordRules?) throws(Problem) -> SeedRecord {
    guard !request.bodyExceedsLimit else { throw tooLarge }
    guard let type = request.header("Content-Type"), isJSON(type) else {
      throw Problem(
        status: 415,
        detail: "the request body must be JSON (Content-Type: application/json), not "
          + (request.header("Content-Type").map { "\"\($0)\"" } ?? "without a Content-Type"))
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(request.body)
    } catch {
      throw Problem(
        status: 400,
        detail:
          "the request body is not well-formed JSON (\(error.message)) at line \(error.line), column \(error.column)")
    }
    do {
      let record = try SeedRecord(value, file: RowRequest.bodyName, index: nil)
      try rules?.check(record)
      return record
    } catch {
      throw unprocessable(error)
    }
  }

  /// 413: the body is longer than the server reads.
  static let tooLarge = Problem(status: 413, detail: "the request body is larger than 64 KiB")

  /// The 422 problem of a field that breaks the rules: `field "items[0].quantity": expected an integer ≥ 1,
  /// found 0`, naming the field in `field`.
  static func unprocessable(_ error: SeedError) -> Problem {
    let detail = error.field.map { "field \"\($0)\": \(error.problem)" } ?? "\(error.file): \(error.problem)"
    return Problem(status: 422, detail: detail, field: error.field)
  }

  /// Whether a `Content-Type` value is `application/json`, whatever its parameters and letter case.
  static func isJSON(_ contentType: String) -> Bool {
    let essence = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }.lazy.filter { $0 != 0x20 && $0 != 0x09 }
    return HTTPField.equalIgnoringCase(essence, "application/json".utf8)
  }
}
