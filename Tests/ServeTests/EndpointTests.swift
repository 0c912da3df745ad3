import Foundation
import StackfeedTestSupport
import Testing

/// Every endpoint and status over a real socket, against a server of its own for each test on the bundled feed;
/// the answers that come from the database on each backend. The table of endpoints is the in-process tests' own
/// (`FeedAPIChecks`, run there by FeedServerTests).
@Suite(
  "serve: endpoints and statuses",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct EndpointTests {
  /// A server on the bundled feed in a database on `backend` (stopped when the value is released).
  static func server(_ backend: Backend = .sqlite) throws -> ServerProcess {
    let server = try ServerProcess(backend)
    try server.seed()
    try server.start(["--db", server.database, "--threads", "2"])
    return server
  }

  static let problem = "application/problem+json; charset=utf-8"

  @Test(
    "every endpoint answers its status, media type and body; problems are RFC 9457 JSON",
    arguments: Backend.available)
  func answers(backend: Backend) throws {
    try FeedAPIChecks.answers(of: Self.server(backend))
  }

  @Test("a bad parameter's problem quotes the value")
  func problemNamesValue() throws {
    let server = try Self.server()
    for value in ["abc", "-3", "1e3"] {
      let problem = try server.get("/v1/feed?limit=\(value)").json()
      #expect((problem["detail"] as? String)?.contains("\"\(value)\"") == true)
    }
  }

  @Test(
    "the rows of /v1/feed are the rows of list --format json: the same value compact, its bytes with pretty=1",
    arguments: Backend.available)
  func feedIsListShape(backend: Backend) throws {
    let server = try Self.server(backend)
    let listed = try server.run(["list", "--db", server.database, "--format", "json", "--limit", "20"])
    #expect(try server.get("/v1/feed?pretty=1").text == listed.stdout)
    let compact = try server.get("/v1/feed")
    #expect(!compact.text.contains("\n") && !compact.text.contains(#"": "#))
    let value = try JSONSerialization.jsonObject(with: Data(compact.body)) as? NSDictionary
    #expect(value == (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? NSDictionary))
  }

  @Test("the cards of /v1/render are the cards of render --format json", arguments: Backend.available)
  func renderIsRenderShape(backend: Backend) throws {
    let server = try Self.server(backend)
    for width in [320, 390] {
      let rendered = try server.run(["render", "--db", server.database, "--width", String(width)])
      let page = try server.get("/v1/render?width=\(width)").json()
      let whole = try JSONSerialization.jsonObject(with: Data(rendered.stdout.utf8)) as? [String: Any]
      #expect((page["rows"] as? NSArray) == (whole?["rows"] as? NSArray))
      #expect(page["next"] is NSNull)
    }
  }

  @Test("wrong methods get 405 with Allow")
  func wrongMethod() throws {
    let server = try Self.server()
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
      let reply = try server.get("/v1/feed", method: method)
      #expect(reply.status == 405)
      #expect(reply.header("Allow") == "GET, HEAD")
      #expect(reply.header("Content-Type") == Self.problem)
    }
  }

  @Test("HEAD has GET's headers and no body", arguments: Backend.available)
  func head(backend: Backend) throws {
    let server = try Self.server(backend)
    for target in ["/v1/feed", "/v1/render?format=svg", "/", "/healthz"] {
      let get = try server.get(target)
      let head = try server.get(target, method: "HEAD")
      #expect(head.status == 200)
      #expect(head.body.isEmpty)
      #expect(head.header("ETag") == get.header("ETag"))
      #expect(head.header("Content-Length") == String(get.body.count))
      #expect(head.header("Content-Type") == get.header("Content-Type"))
    }
  }

  @Test("an over-long URL gets 414, over-long headers 431, and the server goes on")
  func limits() throws {
    let server = try Self.server()
    let longURL = try server.get("/v1/feed?limit=" + String(repeating: "1", count: 20_000))
    #expect(longURL.status == 414)
    let longHeader = try server.get("/v1/feed", headers: ["X-Padding: " + String(repeating: "a", count: 20_000)])
    #expect(longHeader.status == 431)
    let manyHeaders = try server.get(
      "/v1/feed", headers: (0..<40).map { "X-Padding-\($0): " + String(repeating: "b", count: 500) })
    #expect(manyHeaders.status == 431)
    #expect(try server.get("/healthz").status == 200)
  }

  @Test("the request log has one line per request: method, path, status, bytes, duration")
  func requestLog() throws {
    let server = try Self.server()
    _ = try server.get("/v1/feed?limit=2")
    _ = try server.get("/v1/feed?limit=zz")
    let lines = server.log.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("GET /v1/feed 200 ") && $0.hasSuffix(" ms") })
    #expect(lines.contains { $0.hasPrefix("GET /v1/feed 400 ") })
  }
}
