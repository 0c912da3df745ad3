import FeedServer
import HTTPServer
import StackfeedTestSupport
import Testing

/// Bad request bodies, one table: each refused with its status and a problem naming what was wrong, and
/// nothing written.
@Suite("FeedAPI: request bodies")
struct RequestBodyTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var body: String
    var contentType: String? = "application/json"
    var status: Int
    /// The problem's `field`, or a text its `detail` contains.
    var field: String? = nil
    var detail: String? = nil
    var testDescription: String { "\(status): \(body.prefix(40))" }
  }

  static let cases: [Case] = [
    Case(body: #"{"title": "X"}"#, contentType: nil, status: 415, detail: "without a Content-Type"),
    Case(body: #"{"title": "X"}"#, contentType: "text/plain", status: 415, detail: "not \"text/plain\""),
    Case(body: #"{"title": "X"}"#, contentType: "application/jsonx", status: 415),
    Case(
      body: "{\n  \"title\": \"X\",\n}", status: 400, detail: "(a comma before a closing bracket) at line 2, column 15"),
    Case(body: #"{"title": "X""#, status: 400, detail: "at line 1, column 14"),
    Case(body: "", status: 400, detail: "at line 1, column 1"),
    Case(body: #"{"title": "a", "title": "b"}"#, status: 400, detail: "duplicate key"),
    Case(body: #"["title"]"#, status: 422, detail: "expected an object, found an array"),
    Case(body: #"{}"#, status: 422, field: "title", detail: "missing (expected a string)"),
    Case(body: #"{"title": 7}"#, status: 422, field: "title", detail: "expected a string, found an integer"),
    Case(body: #"{"title": "X", "tag": 1.5}"#, status: 422, field: "tag", detail: "expected a string or null"),
    Case(body: #"{"title": "X", "colour": "red"}"#, status: 422, field: "colour", detail: "unknown field"),
    Case(body: #"{"id": "", "title": "X"}"#, status: 422, field: "id", detail: "must not be empty"),
    Case(body: #"{"id": 5, "title": "X"}"#, status: 422, field: "id"),
  ]

  @Test("a bad body is refused, naming what was wrong", arguments: cases)
  func refused(_ example: Case) throws {
    let api = try TestAPI()
    let headers = example.contentType.map { [HTTPField("Content-Type", $0)] } ?? []
    var request = TestAPI.request("POST", "/v1/feed-items", headers: headers)
    request.body = Array(example.body.utf8)
    let answer = api.api.respond(to: request, as: .admin)
    #expect(answer.status == example.status, "\(answer.text)")
    #expect(answer.header("Content-Type") == "application/problem+json; charset=utf-8")
    let problem = try answer.json()
    #expect(problem["field"] as? String == example.field)
    if let detail = example.detail {
      #expect((problem["detail"] as? String)?.contains(detail) == true, "\(problem)")
    }
    #expect(try api.database.query("SELECT count(*) FROM feed_item") == "6")
  }

  @Test(
    "a Content-Type with parameters, in any case, is JSON",
    arguments: ["application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])
  func contentTypeParameters(type: String) throws {
    let api = try TestAPI()
    let answer = api.send(
      "POST", "/v1/feed-items", as: .admin, json: #"{"title": "X"}"#, headers: [HTTPField("Content-Type", type)])
    #expect(answer.status == 201)
  }

  @Test("a body the server did not read (over 64 KiB) is 413")
  func tooLarge() throws {
    let api = try TestAPI()
    let request = HTTPRequest(
      method: "POST", path: "/v1/feed-items", headers: [HTTPField("Content-Type", "application/json")],
      bodyExceedsLimit: true)
    let answer = api.api.respond(to: request, as: .admin)
    #expect(answer.status == 413)
  }
}
