import HTTPServer
import Testing

@testable import FeedServer

/// The order in which a plugin route's request is checked (docs/HTTP.md, "Writes"): what needs no store first —
/// the method (405), the body's size (413), the credential (400 malformed, 401 none), the body (400) — then, in
/// the write's own transaction, the token (401 `invalid_token`). Each case breaks two rules; the earlier one
/// answers.
@Suite struct WriteCheckOrderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var method: String
    var authorization: String?
    var requireAuth = false
    var oversized = false
    var body = #"{"title": "X"}"#
    var status: Int
    var challenge: String?
    var testDescription: String {
      "\(method) \(authorization ?? "(no token)")\(requireAuth ? " require-auth" : "")\(oversized ? " 65 KiB" : "") "
        + body
    }
  }

  static let cases: [Case] = [
    // The method and the body's size before any credential, with a token or without, required or not.
    Case(method: "PUT", authorization: "Bearer nope", status: 405),
    Case(method: "POST", authorization: "Bearer nope", oversized: true, status: 413),
    Case(method: "PUT", requireAuth: true, status: 405),
    Case(method: "POST", requireAuth: true, oversized: true, status: 413),
    Case(method: "PUT", status: 405),
    Case(method: "POST", oversized: true, status: 413),
    // The credential before the body: none is 401, a malformed one 400 invalid_request.
    Case(method: "POST", body: "{", status: 401, challenge: "Bearer"),
    Case(
      method: "POST", authorization: "Bearer", body: "{", status: 400, challenge: #"Bearer error="invalid_request""#),
    // The body before the token, which is verified in the write's transaction.
    Case(method: "POST", authorization: "Bearer nope", body: "{", status: 400),
    Case(method: "POST", authorization: "Bearer nope", status: 401, challenge: #"Bearer error="invalid_token""#),
  ]

  @Test(arguments: cases)
  func theEarlierCheckAnswers(_ test: Case) throws {
    let api = try TestAPI()
    var request = TestAPI.request(
      test.method, "/v1/feed-items",
      headers: [HTTPField("Content-Type", "application/json")]
        + (test.authorization.map { [HTTPField("Authorization", $0)] } ?? []))
    if test.oversized { request.bodyExceedsLimit = true } else { request.body = Array(test.body.utf8) }
    var server = api.api
    server.requireAuth = test.requireAuth
    let answer = server.respond(to: request)
    #expect(answer.status == test.status, "\(answer.text)")
    #expect(answer.header("WWW-Authenticate") == test.challenge)
  }
}
