import Foundation
import StackfeedTestSupport
import Testing

/// Bearer tokens end to end: a token made by `stackfeed token create` used over a socket, revoked by `token
/// revoke`, `--require-auth`, and no token in the access log or on stderr.
@Suite(
  "serve: tokens and authentication",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct AuthenticationServeTests {
  /// A seeded database on `backend` with a read token of the user `default` (made by the CLI), not served yet.
  static func server(_ backend: Backend) throws -> (ServerProcess, token: String) {
    let server = try ServerProcess(backend)
    try server.seed()
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--name", "e2e"])
    try #require(created.code == 0, "\(created.stderr)")
    let token = String(created.stdout.dropLast())
    try #require(token.wholeMatch(of: /sft_[0-9a-f]{64}/) != nil, "\(created.stdout)")
    return (server, token)
  }

  /// A write token of the user `default` from `token create`: the token and its id (`tok_…`).
  static func writeToken(_ server: ServerProcess) throws -> (token: String, id: String) {
    let made = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "write"])
    let id = try #require(made.stderr.firstMatch(of: /tok_[0-9a-f]{16}/)?.output, "\(made.stderr)")
    return (String(made.stdout.dropLast()), String(id))
  }

  /// An order of one line item, as bytes.
  static let order = Array(#"{"items": [{"product": "vital-top", "quantity": 1}]}"#.utf8)

  /// The head of a ``order`` by `token` that waits to be told to send its body (`Expect: 100-continue`).
  static func orderHead(by token: String) -> [UInt8] {
    var head = "POST /v1/me/orders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    head += "Authorization: Bearer \(token)\r\nExpect: 100-continue\r\nContent-Length: \(order.count)\r\n\r\n"
    return Array(head.utf8)
  }

  /// Expects `answer` to be the 401 of a token that is not valid.
  static func expectInvalidToken(_ answer: HTTPReply, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(answer.status == 401, "\(String(decoding: answer.body, as: UTF8.self))", sourceLocation: sourceLocation)
    #expect(
      answer.header("WWW-Authenticate") == #"Bearer error="invalid_token""#, sourceLocation: sourceLocation)
  }

  @Test(
    "a token from token create opens /v1/me; token revoke closes it; the log never shows it",
    arguments: Backend.available)
  func tokenFromTheCommandLine(backend: Backend) throws {
    let (server, token) = try Self.server(backend)
    try server.start(["--db", server.database, "--threads", "2"])

    let me = try server.get("/v1/me", headers: ["Authorization: Bearer \(token)"])
    #expect(me.status == 200, "\(me.text)")
    let user = try me.json()
    #expect(user["id"] as? String == "default")
    #expect(user["firstName"] as? String == "Russell")
    #expect(try server.get("/v1/me/feed?limit=1", headers: ["authorization: bearer \(token)"]).status == 200)

    let missing = try server.get("/v1/me")
    #expect(missing.status == 401)
    #expect(missing.header("WWW-Authenticate") == "Bearer")
    #expect(missing.header("Content-Type") == "application/problem+json; charset=utf-8")
    let wrong = try server.get(
      "/v1/me/feed", headers: ["Authorization: Bearer sft_\(String(repeating: "0", count: 64))"])
    #expect(wrong.status == 401)
    #expect(wrong.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    // Without --require-auth the anonymous routes answer without a token.
    #expect(try server.get("/v1/feed?limit=1").status == 200)

    let id = try #require(
      try server.run(["token", "list", "--db", server.database]).stdout.firstMatch(of: /tok_[0-9a-f]{16}/)?.output)
    #expect(try server.run(["token", "revoke", String(id), "--db", server.database]).code == 0)
    let revoked = try server.get("/v1/me", headers: ["Authorization: Bearer \(token)"])
    #expect(revoked.status == 401)
    #expect(revoked.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    #expect(!revoked.text.contains(token))

    #expect(server.stop() == 0)
    let log = server.log
    #expect(log.contains("GET /v1/me 200 "), "\(log)")
    #expect(log.contains("GET /v1/me 401 "), "\(log)")
    #expect(!log.contains(token) && !log.contains(String(token.dropFirst(4))), "\(log)")
    #expect(!log.lowercased().contains("bearer") && !log.lowercased().contains("authorization"), "\(log)")
  }

  @Test(
    "tokens from token create on a write route: read is 403 insufficient_scope, write places the user's order",
    arguments: Backend.available)
  func writeRouteTakesTheTokensScope(backend: Backend) throws {
    let (server, read) = try Self.server(backend)
    let made = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", "write"])
    let write = String(made.stdout.dropLast())
    try server.start(["--db", server.database, "--quiet"])
    let order = Array(#"{"items": [{"product": "vital-top", "quantity": 1}]}"#.utf8)
    let refused = try server.send("POST", "/v1/me/orders", body: order, headers: ["Authorization: Bearer \(read)"])
    #expect(refused.status == 403, "\(refused.text)")
    #expect(refused.header("WWW-Authenticate") == #"Bearer error="insufficient_scope", scope="write""#)
    let anonymous = try server.send("POST", "/v1/me/orders", body: order)
    #expect(anonymous.status == 401)
    #expect(anonymous.header("WWW-Authenticate") == "Bearer")
    let placed = try server.send("POST", "/v1/me/orders", body: order, headers: ["Authorization: Bearer \(write)"])
    #expect(placed.status == 201, "\(placed.text)")
    let id = try #require(try placed.json()["id"] as? String)
    let feed = try server.get("/v1/me/feed?limit=3", headers: ["Authorization: Bearer \(read)"])
    #expect(feed.text.contains(#""id":"\#(id)""#), "the new order is the user's latest")
    #expect(server.stop() == 0)
  }

  @Test(
    "a token revoked after its write's head was admitted, before the body: 401 in the write, nothing written",
    arguments: Backend.available)
  func revokedBetweenAdmissionAndWrite(backend: Backend) throws {
    let (server, read) = try Self.server(backend)
    let write = try Self.writeToken(server)
    try server.start(["--db", server.database, "--quiet"])
    let latest = try server.get("/v1/me/feed?limit=3", headers: ["Authorization: Bearer \(read)"])
    #expect(latest.status == 200)
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    try HTTPClient.send(Self.orderHead(by: write.token), to: descriptor)
    // Admitted from the head: the token verified, the client told to send the body.
    #expect(try HTTPClient.readAnswer(descriptor).status == 100)
    #expect(try server.run(["token", "revoke", write.id, "--db", server.database]).code == 0)
    try HTTPClient.send(Self.order, to: descriptor)
    Self.expectInvalidToken(try HTTPClient.readAnswer(descriptor))
    let after = try server.get("/v1/me/feed?limit=3", headers: ["Authorization: Bearer \(read)"])
    #expect(after.text == latest.text, "no order was placed: the user's latest order is the one before")
    #expect(server.stop() == 0)
  }

  @Test(
    "a token revoked while the server remembers it: its head admitted without a read, 401 after the body, nothing written, the next head refused",
    arguments: Backend.available)
  func revokedWhileRemembered(backend: Backend) throws {
    let (server, read) = try Self.server(backend)
    let write = try Self.writeToken(server)
    try server.start(["--db", server.database, "--quiet"])
    let placed = try server.send(
      "POST", "/v1/me/orders", body: Self.order, headers: ["Authorization: Bearer \(write.token)"])
    #expect(placed.status == 201, "\(placed.text)")  // verified from its head and remembered
    let latest = try server.get("/v1/me/feed?limit=3", headers: ["Authorization: Bearer \(read)"])
    #expect(try server.run(["token", "revoke", write.id, "--db", server.database]).code == 0)
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    try HTTPClient.send(Self.orderHead(by: write.token), to: descriptor)
    // Remembered: admitted without a read, the client told to send the body.
    #expect(try HTTPClient.readAnswer(descriptor).status == 100)
    try HTTPClient.send(Self.order, to: descriptor)
    Self.expectInvalidToken(try HTTPClient.readAnswer(descriptor))
    let after = try server.get("/v1/me/feed?limit=3", headers: ["Authorization: Bearer \(read)"])
    #expect(after.text == latest.text, "no order was placed: the user's latest order is the one before")
    // Forgotten by the refusal: the next head is verified again and refused before its body.
    let again = try HTTPClient.connect(port: server.port)
    defer { close(again) }
    try HTTPClient.send(Self.orderHead(by: write.token), to: again)
    Self.expectInvalidToken(try HTTPClient.readAnswer(again))
    #expect(server.stop() == 0)
  }

  @Test("serve writes the tokens' last uses when it stops", arguments: Backend.available)
  func lastUseIsRecordedByTheTimeTheServerStops(backend: Backend) throws {
    let (server, token) = try Self.server(backend)
    try server.start(["--db", server.database, "--quiet"])
    #expect(try server.get("/v1/me", headers: ["Authorization: Bearer \(token)"]).status == 200)
    #expect(server.stop() == 0)
    let listed = try server.run(["token", "list", "--db", server.database, "--format", "json"])
    let tokens = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    let lastUsed = try #require(tokens.first?["lastUsedAt"] as? String)
    #expect(lastUsed.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(lastUsed)")
    #expect(!listed.stdout.contains(String(token.dropFirst(4))))
  }

  @Test("--require-auth: every /v1 route needs a token; / and /healthz do not")
  func requireAuth() throws {
    let (server, token) = try Self.server(.sqlite)
    try server.start(["--db", server.database, "--require-auth"])
    for target in ["/v1/feed", "/v1/render?limit=1", "/v1/stack", "/v1/rows/header/profile", "/v1/me"] {
      let refused = try server.get(target)
      #expect(refused.status == 401, "\(target)")
      #expect(refused.header("WWW-Authenticate") == "Bearer", "\(target)")
      let invalid = try server.get(target, headers: ["Authorization: Bearer nope"])
      #expect(invalid.header("WWW-Authenticate") == #"Bearer error="invalid_token""#, "\(target)")
      #expect(try server.get(target, headers: ["Authorization: Bearer \(token)"]).status == 200, "\(target)")
    }
    #expect(try server.get("/healthz").status == 200)
    #expect(try server.get("/").status == 200)
    #expect(server.stop() == 0)
    #expect(!server.log.contains(String(token.dropFirst(4))))
  }
}
