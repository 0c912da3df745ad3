import HTTPServer
import Testing

@testable import FeedServer

/// The order in which a plugin route's request is checked (docs/HTTP.md, "Writes"): the token first, then the
/// method, the body's size, the scope. Each case breaks two rules; the earlier one answers.
@Suite struct WriteCheckOrderTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var method: String
    var authorization: String?
    var requireAuth = false
    var oversized = false
    var status: Int
    var challenge: String?
    var testDescription: String {
      "\(method) \(authorization ?? "(no token)")\(requireAuth ? " require-auth" : "")\(oversized ? " 65 KiB" : "")"
    }
  }

  static let cases: [Case] = [
    // A token that does not verify: 401 before the method (405) and the body's size (413).
    Case(method: "PUT", authorization: "Bearer nope", status: 401, challenge: #"Bearer error="invalid_token""#),
    Case(
      method: "POST", authorization: "Bearer nope", oversized: true, status: 401,
      challenge: #"Bearer error="invalid_token""#),
    // Under --require-auth, no token: 401 before them too.
    Case(method: "PUT", requireAuth: true, status: 401, challenge: "Bearer"),
    Case(method: "POST", requireAuth: true, oversized: true, status: 401, challenge: "Bearer"),
    // Without a token where none is required: the method, then the size, before the scope (401).
    Case(method: "PUT", status: 405),
    Case(method: "POST", oversized: true, status: 413),
    Case(method: "POST", status: 401, challenge: "Bearer"),
  ]

  @Test(arguments: cases)
  func theEarlierCheckAnswers(_ test: Case) throws {
    let api = try TestAPI()
    var request = TestAPI.request(
      test.method, "/v1/feed-items",
      headers: [HTTPField("Content-Type", "application/json")]
        + (test.authorization.map { [HTTPField("Authorization", $0)] } ?? []))
    if test.oversized { request.bodyExceedsLimit = true } else { request.body = Array(#"{"title": "X"}"#.utf8) }
    var server = api.api
    server.requireAuth = test.requireAuth
    let answer = server.respond(to: request)
    #expect(answer.status == test.status, "\(answer.text)")
    #expect(answer.header("WWW-Authenticate") == test.challenge)
  }
}
