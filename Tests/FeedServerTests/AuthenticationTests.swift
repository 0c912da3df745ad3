import FeedStore
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

@testable import FeedServer

/// Bearer tokens in process, on each backend: the 401 and 403 answers of RFC 6750, `requireAuth`, and the
/// `/v1/me` routes for the token's user.
@Suite struct AuthenticationTests {
  /// A request presenting `authorization` (nil: no header) and what its answer must be.
  struct Case: Sendable, CustomTestStringConvertible {
    var target: String
    var authorization: String?
    var requireAuth = false
    var status: Int
    /// The whole `WWW-Authenticate` value expected (nil: none).
    var challenge: String?
    var testDescription: String { "\(target) \(authorization ?? "(none)")\(requireAuth ? " require-auth" : "")" }
  }

  /// `TOKEN` stands for a live read token of `ann`, `REVOKED` for a revoked one of hers.
  static let cases: [Case] = [
    Case(target: "/v1/me", authorization: nil, status: 401, challenge: "Bearer"),
    Case(target: "/v1/me/feed", authorization: nil, status: 401, challenge: "Bearer"),
    Case(target: "/v1/me/render", authorization: nil, status: 401, challenge: "Bearer"),
    Case(target: "/v1/me/stack", authorization: nil, status: 401, challenge: "Bearer"),
    Case(target: "/v1/me", authorization: "Basic YW5uOnB3", status: 401, challenge: "Bearer"),
    // RFC 6750 §3.1: a malformed header is 400 invalid_request, not an invalid token.
    Case(target: "/v1/me", authorization: "Bearer", status: 400, challenge: #"Bearer error="invalid_request""#),
    Case(target: "/v1/me", authorization: "Bearer   ", status: 400, challenge: #"Bearer error="invalid_request""#),
    Case(target: "/v1/me", authorization: "Bearer a b", status: 400, challenge: #"Bearer error="invalid_request""#),
    Case(target: "/v1/me", authorization: "Bearer to,ken", status: 400, challenge: #"Bearer error="invalid_request""#),
    Case(target: "/v1/me", authorization: "Bearer =abc", status: 400, challenge: #"Bearer error="invalid_request""#),
    Case(
      target: "/v1/feed", authorization: "Bearer", requireAuth: true, status: 400,
      challenge: #"Bearer error="invalid_request""#),
    Case(
      target: "/v1/me", authorization: "Bearer a-._~+/z==", status: 401, challenge: #"Bearer error="invalid_token""#),
    Case(target: "/v1/me", authorization: "Bearer nope", status: 401, challenge: #"Bearer error="invalid_token""#),
    Case(target: "/v1/me", authorization: "Bearer REVOKED", status: 401, challenge: #"Bearer error="invalid_token""#),
    Case(target: "/v1/me", authorization: "Bearer TOKEN", status: 200),
    Case(target: "/v1/me", authorization: "bearer TOKEN", status: 200),
    Case(target: "/v1/me", authorization: "BEARER   TOKEN  ", status: 200),
    Case(target: "/v1/me/feed?limit=2", authorization: "Bearer TOKEN", status: 200),
    Case(target: "/v1/me/render?format=svg", authorization: "Bearer TOKEN", status: 200),
    Case(target: "/v1/me/stack?state=expanded", authorization: "Bearer TOKEN", status: 200),
    Case(target: "/v1/me/feed?limit=0", authorization: "Bearer TOKEN", status: 400),
    Case(target: "/v1/me?limit=1", authorization: "Bearer TOKEN", status: 400),
    // Without requireAuth the anonymous routes answer anyone and look at no token.
    Case(target: "/v1/feed", authorization: nil, status: 200),
    Case(target: "/v1/feed", authorization: "Bearer nope", status: 200),
    Case(target: "/v1/feed", authorization: "Bearer", status: 200),
    // With it every /v1 route needs a token; / and /healthz do not.
    Case(target: "/v1/feed", authorization: nil, requireAuth: true, status: 401, challenge: "Bearer"),
    Case(target: "/v1/render", authorization: nil, requireAuth: true, status: 401, challenge: "Bearer"),
    Case(target: "/v1/stack", authorization: nil, requireAuth: true, status: 401, challenge: "Bearer"),
    Case(target: "/v1/rows/header/profile", authorization: nil, requireAuth: true, status: 401, challenge: "Bearer"),
    Case(
      target: "/v1/feed", authorization: "Bearer REVOKED", requireAuth: true, status: 401,
      challenge: #"Bearer error="invalid_token""#),
    Case(target: "/v1/feed", authorization: "Bearer TOKEN", requireAuth: true, status: 200),
    Case(target: "/v1/rows/header/profile", authorization: "Bearer TOKEN", requireAuth: true, status: 200),
    Case(target: "/healthz", authorization: nil, requireAuth: true, status: 200),
    Case(target: "/", authorization: nil, requireAuth: true, status: 200),
    Case(target: "/v1/nothing", authorization: nil, requireAuth: true, status: 404),
  ]

  @Test(arguments: Backend.available)
  func everyStatus(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let token = try test.token(for: "ann")
    let revoked = try test.tokens().create(user: "ann", scope: .admin, name: nil, at: 1)
    try test.tokens().revoke(id: revoked.token.id, at: 2)
    for check in Self.cases {
      var api = test.api
      api.requireAuth = check.requireAuth
      let headers = check.authorization.map { value in
        [
          HTTPField(
            "Authorization",
            value.replacingOccurrences(of: "REVOKED", with: revoked.secret.text)
              .replacingOccurrences(of: "TOKEN", with: token))
        ]
      }
      for method in ["GET", "HEAD"] {
        let response = api.respond(to: TestAPI.request(method, check.target, headers: headers ?? []))
        #expect(response.status == check.status, "\(method) \(check.testDescription): \(response.text)")
        #expect(response.header("WWW-Authenticate") == check.challenge, "\(check.testDescription)")
        if response.status != 200 {
          #expect(response.header("Content-Type") == "application/problem+json; charset=utf-8")
          #expect(response.header("Cache-Control") == "no-store")
          #expect(!response.text.contains(token) && !response.text.contains(revoked.secret.text))
          #expect(!response.headers.contains { $0.value?.contains(token) == true })
        }
      }
    }
  }

  @Test("a token of a smaller scope than the route needs is 403 insufficient_scope", arguments: Backend.available)
  func insufficientScope(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let tokens = [TokenScope.read, .write, .admin].map { scope in (scope, try? test.token(for: "ann", scope: scope)) }
    for needed in TokenScope.allCases {
      for (scope, token) in tokens {
        let request = TestAPI.request("POST", "/v1/me", headers: [HTTPField("Authorization", "Bearer \(token ?? "")")])
        let outcome = Result {
          try test.api.source.read { snapshot in
            try test.api.authenticate(request, needing: needed, as: nil, in: snapshot.database).caller
          }
        }
        switch outcome {
        case .success(let caller):
          #expect(scope >= needed)
          #expect(caller == Caller(user: "ann", scope: scope))
        case .failure(let error):
          let problem = try #require(error as? Problem)
          #expect(scope < needed)
          #expect(problem.status == 403)
          #expect(
            problem.headers == [
              HTTPField("WWW-Authenticate", #"Bearer error="insufficient_scope", scope="\#(needed.rawValue)""#)
            ])
          #expect(problem.detail.contains("scope \(needed.rawValue)"), "\(problem.detail)")
        }
      }
    }
  }

  @Test("GET /v1/me is the token's user", arguments: Backend.available)
  func me(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann", "bob"])
    for user in ["ann", "bob"] {
      let response = test.get("/v1/me", token: try test.token(for: user, scope: .write))
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "application/json; charset=utf-8")
      #expect(response.text == #"{"id":"\#(user)","firstName":"\#(user.capitalized)","lastName":"Test"}"#)
      #expect(response.header("Cache-Control") == "private, no-cache")
      #expect(response.header("Vary") == "Authorization, Accept-Encoding")
    }
  }

  @Test(
    "two users asking the same path and query get their own answer and their own ETag, remembered or not",
    arguments: Backend.available)
  func answersArePerUser(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann", "bob"])
    let ann = try test.token(for: "ann")
    let bob = try test.token(for: "bob")
    for target in ["/v1/me", "/v1/me/feed?limit=3", "/v1/me/render?limit=1", "/v1/me/stack?limit=1"] {
      // Twice each, interleaved: the second answers come from the memo.
      for _ in 0..<2 {
        let first = test.get(target, token: ann)
        let second = test.get(target, token: bob)
        #expect(first.status == 200 && second.status == 200, "\(target)")
        #expect(first.header("ETag") != second.header("ETag"), "\(target)")
        #expect(first.header("ETag") != test.get(target.replacingOccurrences(of: "/me", with: "")).header("ETag"))
        // Each user's tag revalidates that user's answer only.
        let tag = try #require(first.header("ETag"))
        let revalidated = test.api.respond(
          to: TestAPI.request(
            "GET", target, headers: [HTTPField("Authorization", "Bearer \(ann)"), HTTPField("If-None-Match", tag)]))
        #expect(revalidated.status == 304, "\(target)")
        let other = test.api.respond(
          to: TestAPI.request(
            "GET", target, headers: [HTTPField("Authorization", "Bearer \(bob)"), HTTPField("If-None-Match", tag)]))
        #expect(other.status == 200, "\(target)")
      }
    }
    #expect(test.get("/v1/me/feed", token: ann).text.contains(#""headline":"HI, ANN""#))
    #expect(test.get("/v1/me/feed", token: bob).text.contains(#""headline":"HI, BOB""#))
  }

  @Test(
    "many users and tokens: each token's /v1/me/feed greets its user and shows that user's latest order only",
    arguments: Backend.available)
  func manyUsersEachSeeTheirOwnFeed(backend: Backend) throws {
    let test = try TestAPI(backend)
    var random = SystemRandomNumberGenerator()
    var users: [String] = []
    var orders: [String] = []
    var latest: [String: String] = [:]  // user → the id of their latest order
    var owner: [String: String] = [:]
    for index in 0..<16 {
      let id = "u\(index)"
      users.append(#"{"id": "\#(id)", "firstName": "First\#(index)", "lastName": "Last\#(index)"}"#)
      var newest = 0
      for number in 0..<Int.random(in: 0...3, using: &random) {
        let day = Int.random(in: 1...28, using: &random)
        let orderID = "o\(index)-\(number)"
        orders.append(
          #"{"id": "\#(orderID)", "status": "s", "orderedAt": "2022-02-\#(day < 10 ? "0" : "")\#(day)T00:00:00Z", "#
            + #""items": [{"product": "p1", "quantity": 1}], "user": "\#(id)"}"#)
        owner[orderID] = id
        if day > newest || (day == newest && orderID > latest[id]!) {
          newest = day
          latest[id] = orderID
        }
      }
    }
    try test.seed([
      "users.json": "[" + users.joined(separator: ", ") + "]",
      "products.json": #"[{"id": "p1", "title": "P1", "image": "i1"}]"#,
      "orders.json": "[" + orders.joined(separator: ", ") + "]",
    ])
    var tokens: [(user: Int, token: String)] = []
    for index in 0..<16 {
      for _ in 0..<Int.random(in: 1...2, using: &random) {
        let scope = TokenScope.allCases.randomElement(using: &random)!
        tokens.append((index, try test.token(for: "u\(index)", scope: scope)))
      }
    }
    // Twice over, shuffled: the second round's answers come from the memo where a connection made them.
    for (index, token) in (tokens + tokens).shuffled(using: &random) {
      let page = try test.get("/v1/me/feed?limit=10", token: token).json()
      let rows = try #require(page["rows"] as? [[String: Any]])
      let headers = rows.filter { $0["kind"] as? String == "header" }
      #expect(headers.count == 1)
      #expect((headers.first?["texts"] as? [String: Any])?["headline"] as? String == "HI, FIRST\(index)")
      let shown = rows.filter { $0["kind"] as? String == "order" }.compactMap { $0["id"] as? String }
      #expect(shown == (latest["u\(index)"].map { [$0] } ?? []), "u\(index)")
      #expect(shown.allSatisfy { owner[$0] == "u\(index)" })
    }
  }

  @Test(
    "a plugin's route gets the caller the bearer token proves: its user, its scope, 401 for a bad token",
    arguments: Backend.available)
  func pluginRoutesTakeTheTokensCaller(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let order = #"{"items": [{"product": "vital-top", "quantity": 1}]}"#
    func post(_ authorization: String?, requireAuth: Bool = false) -> HTTPResponse {
      var api = test.api
      api.requireAuth = requireAuth
      var request = TestAPI.request(
        "POST", "/v1/me/orders",
        headers: [HTTPField("Content-Type", "application/json")]
          + (authorization.map { [HTTPField("Authorization", $0)] } ?? []))
      request.body = Array(order.utf8)
      return api.respond(to: request)
    }
    let write = try test.token(for: "ann", scope: .write)
    let placed = post("Bearer \(write)")
    #expect(placed.status == 201, "\(placed.text)")
    let id = try #require(try placed.json()["id"] as? String)
    #expect(try test.database.query("SELECT user_id FROM orders WHERE id = '\(id)'") == "ann")
    #expect(test.get("/v1/me/feed", token: write).text.contains(#""id":"\#(id)""#), "at once ann's latest order")
    let read = post("Bearer \(try test.token(for: "ann", scope: .read))")
    #expect(read.status == 403)
    #expect(read.header("WWW-Authenticate") == #"Bearer error="insufficient_scope", scope="write""#)
    #expect(post(nil).status == 401)
    #expect(post(nil).header("WWW-Authenticate") == "Bearer")
    let invalid = post("Bearer sft_\(String(repeating: "ab", count: 32))")
    #expect(invalid.status == 401)
    #expect(invalid.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    #expect(post("Bearer \(write)", requireAuth: true).status == 201)
    #expect(try test.database.query("SELECT count(*) FROM orders WHERE user_id = 'ann'") == "2")
  }

  @Test(
    "a write admitted from its head is verified once: its transaction confirms the token, and refuses it when it was revoked since",
    arguments: Backend.available)
  func admittedWritesConfirmTheirToken(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let (token, secret) = try test.tokens().create(user: "ann", scope: .write, name: nil, at: 1)
    func admitted() throws -> HTTPRequest {
      var request = TestAPI.request(
        "POST", "/v1/me/orders",
        headers: [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer \(secret.text)")])
      let admission = test.api.admission(of: request)
      try #require(admission.refusal == nil)
      request.admitted = admission.admitted
      request.body = Array(#"{"items": [{"product": "vital-top", "quantity": 1}]}"#.utf8)
      return request
    }
    let placed = test.api.respond(to: try admitted())
    #expect(placed.status == 201, "\(placed.text)")
    let admittedBeforeTheRevocation = try admitted()
    try test.tokens().revoke(id: token.id, at: 2)
    let refused = test.api.respond(to: admittedBeforeTheRevocation)
    #expect(refused.status == 401, "\(refused.text)")
    #expect(refused.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    #expect(try test.database.query("SELECT count(*) FROM orders WHERE user_id = 'ann'") == "1")
  }

  @Test(
    "a remembered token's write is admitted without a read; revoked since, it is refused in the write, nothing written, and forgotten",
    arguments: Backend.available)
  func rememberedTokenRevokedIsRefusedInTheWriteAndForgotten(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let (token, secret) = try test.tokens().create(user: "ann", scope: .write, name: nil, at: 1)
    let order = Array(#"{"items": [{"product": "vital-top", "quantity": 1}]}"#.utf8)
    let head = TestAPI.request(
      "POST", "/v1/me/orders",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer \(secret.text)")])
    func send(_ admission: BodyAdmission) -> HTTPResponse {
      var request = head
      request.admitted = admission.admitted
      request.body = order
      return test.api.respond(to: request)
    }
    let first = test.api.admission(of: head)  // verified in a read, remembered
    #expect(first.refusal == nil)
    #expect(send(first).status == 201)
    try test.tokens().revoke(id: token.id, at: 2)
    // Remembered: admitted from the head without a read, so the revocation is not seen yet.
    let remembered = test.api.admission(of: head)
    #expect(remembered.refusal == nil, "admitted on the remembered verification")
    let refused = send(remembered)
    #expect(refused.status == 401, "\(refused.text)")
    #expect(refused.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
    #expect(try test.database.query("SELECT count(*) FROM orders WHERE user_id = 'ann'") == "1", "nothing written")
    // Forgotten by the refusal: the next head is verified again, and refused before its body.
    let again = try #require(test.api.admission(of: head).refusal)
    #expect(again.status == 401)
    #expect(again.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
  }

  @Test(
    "a remembered token admits a write on memory only when its scope allows the route: a read token's write is verified again, 403",
    arguments: Backend.available)
  func rememberedReadTokenStillRefusedAWrite(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let read = try test.token(for: "ann", scope: .read)
    #expect(test.get("/v1/me/feed", token: read).status == 200)  // remembered by a read on PostgreSQL
    let head = TestAPI.request(
      "POST", "/v1/me/orders",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer \(read)")])
    for _ in 0..<2 {
      let refusal = try #require(test.api.admission(of: head).refusal)
      #expect(refusal.status == 403)
      #expect(refusal.header("WWW-Authenticate") == #"Bearer error="insufficient_scope", scope="write""#)
    }
  }

  @Test("a write admitted from its head is answered with the head's credential, parsed once")
  func admittedCredentialIsTheHeads() throws {
    let test = try TestAPI()
    try test.addUsers(["ann"])
    let write = try test.token(for: "ann", scope: .write)
    var request = TestAPI.request(
      "POST", "/v1/me/orders",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer \(write)")])
    let admission = test.api.admission(of: request)
    try #require(admission.refusal == nil)
    request.admitted = admission.admitted
    request.body = Array(#"{"items": [{"product": "vital-top", "quantity": 1}]}"#.utf8)
    // The header is not read again: a request whose header no longer parses is answered as its head was.
    request.headers = [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer a b")]
    let placed = test.api.respond(to: request)
    #expect(placed.status == 201, "\(placed.text)")
    #expect((request.admittedHead?.credential).map { $0 == .bearer(write) } == true)
  }

  @Test("a token revoked after its user's answer was remembered is refused at once", arguments: Backend.available)
  func revokedAfterRemembered(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann"])
    let (token, secret) = try test.tokens().create(user: "ann", scope: .read, name: nil, at: 1)
    #expect(test.get("/v1/me/feed", token: secret.text).status == 200)
    #expect(test.get("/v1/me/feed", token: secret.text).status == 200)
    try test.tokens().revoke(id: token.id, at: 2)
    let refused = test.get("/v1/me/feed", token: secret.text)
    #expect(refused.status == 401)
    #expect(refused.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
  }

  @Test("uses are written at most once an interval, and by flush", arguments: Backend.available)
  func usesAreBatched(backend: Backend) throws {
    let test = try TestAPI(backend)
    try test.addUsers(["ann", "bob"])
    let ann = try test.token(for: "ann")
    let bob = try test.token(for: "bob")
    let clock = TestClock(10_000)
    var api = test.api
    let location = StoreLocation.resolve(option: test.database.argument, environment: [:])
    let uses = TokenUseLog(location: location, interval: .seconds(60), clock: { clock.now })
    api.tokenUses = uses
    let lastUsed = { try test.tokens().list().sorted { $0.user < $1.user }.map(\.lastUsedAt) }
    #expect(test.get("/v1/me", token: ann, api: api).status == 200)
    clock.now = 20_000
    #expect(test.get("/v1/me", token: bob, api: api).status == 200)
    #expect(try lastUsed() == [nil, nil], "not written before the interval")
    clock.now = 70_000
    #expect(test.get("/v1/me", token: ann, api: api).status == 200)
    #expect(try lastUsed() == [70_000, 20_000], "the batch, the oldest use having waited 60 s")
    clock.now = 80_000
    #expect(test.get("/v1/me", token: bob, api: api).status == 200)
    #expect(try lastUsed() == [70_000, 20_000])
    uses.flush()
    #expect(try lastUsed() == [70_000, 80_000])
    // A refused or anonymous request records nothing.
    clock.now = 500_000
    #expect(test.get("/v1/me", token: "nope", api: api).status == 401)
    #expect(api.respond(to: TestAPI.request("GET", "/v1/feed")).status == 200)
    uses.flush()
    #expect(try lastUsed() == [70_000, 80_000])
  }
}

/// A clock a test moves by hand (UTC milliseconds).
final class TestClock: Sendable {
  private let value: Mutex<Int64>

  init(_ value: Int64) {
    self.value = Mutex(value)
  }

  var now: Int64 {
    get { value.withLock { $0 } }
    set { value.withLock { $0 = newValue } }
  }
}
