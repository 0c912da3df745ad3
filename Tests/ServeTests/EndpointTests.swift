import Foundation
import StackfeedTestSupport
import Testing

/// Every endpoint and status over a real socket, against a server of its own for each test on the bundled feed;
/// the answers that come from the database on each backend.
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

  struct Case: CustomTestStringConvertible, Sendable {
    var target: String
    var status: Int
    var type: String
    var contains: String
    var testDescription: String { "\(target) → \(status)" }
  }

  static let json = "application/json; charset=utf-8"
  static let problem = "application/problem+json; charset=utf-8"

  static let cases: [Case] = [
    Case(target: "/healthz", status: 200, type: json, contains: #"{"status": "ok"}"#),
    Case(target: "/v1/feed", status: 200, type: json, contains: #""headline": "HI, RUSSELL""#),
    Case(target: "/v1/feed?limit=1", status: 200, type: json, contains: #""next": "header:0:0:-""#),
    Case(target: "/v1/feed?time_zone=Asia/Tokyo", status: 200, type: json, contains: "Ordered on 06 Jul 21"),
    Case(target: "/v1/render?width=320", status: 200, type: json, contains: #""schema": "stackfeed.render/1""#),
    Case(target: "/v1/render?format=svg", status: 200, type: "image/svg+xml; charset=utf-8", contains: "<svg"),
    Case(target: "/v1/render?format=html", status: 200, type: "text/html; charset=utf-8", contains: "data-kind"),
    Case(target: "/v1/stack?state=expanded", status: 200, type: json, contains: #""state": "expanded""#),
    Case(target: "/v1/stack?format=svg", status: 200, type: "image/svg+xml; charset=utf-8", contains: "<svg"),
    Case(target: "/v1/rows/header/profile?width=320", status: 200, type: json, contains: #""width": 320"#),
    Case(
      target: "/v1/rows/feed_item/2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0001", status: 200, type: json,
      contains: #""title": "THE FUTURE IS FUNCTIONAL""#),
    Case(
      target: "/v1/rows/order/8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001", status: 200, type: json,
      contains: #""title": "IT'S FUFILLED""#),
    Case(target: "/v1/rows/feed_item/nope", status: 404, type: problem, contains: "no feed_item row"),
    Case(target: "/", status: 200, type: "text/html; charset=utf-8", contains: "/v1/render?format=html"),
    Case(target: "/v1/feed?limit=abc", status: 400, type: problem, contains: #""parameter": "limit""#),
    Case(target: "/v1/feed?limit=0", status: 400, type: problem, contains: #""parameter": "limit""#),
    Case(target: "/v1/feed?limit=501", status: 400, type: problem, contains: #""parameter": "limit""#),
    Case(target: "/v1/feed?after=garbage", status: 400, type: problem, contains: #""parameter": "after""#),
    Case(target: "/v1/feed?after=nokind:1:1:1", status: 400, type: problem, contains: #""parameter": "after""#),
    Case(target: "/v1/feed?time_zone=Mars/Olympus", status: 400, type: problem, contains: #""parameter": "time_zone""#),
    Case(target: "/v1/feed?colour=red", status: 400, type: problem, contains: #""parameter": "colour""#),
    Case(target: "/v1/feed?limit=1&limit=2", status: 400, type: problem, contains: "more than once"),
    Case(target: "/v1/render?width=-5", status: 400, type: problem, contains: #""parameter": "width""#),
    Case(target: "/v1/render?format=pdf", status: 400, type: problem, contains: #""parameter": "format""#),
    Case(target: "/v1/stack?state=sideways", status: 400, type: problem, contains: #""parameter": "state""#),
    Case(target: "/v1/stack?translation=abc", status: 400, type: problem, contains: #""parameter": "translation""#),
    Case(target: "/v1/rows/header/profile?width=0", status: 400, type: problem, contains: #""parameter": "width""#),
    Case(target: "/v1/rows/header/nobody", status: 404, type: problem, contains: "no header row"),
    Case(target: "/v1/rows/planet/mars", status: 404, type: problem, contains: "no row kind"),
    Case(target: "/v1/nothing", status: 404, type: problem, contains: #""status": 404"#),
    Case(target: "/v1/feed/", status: 404, type: problem, contains: #""status": 404"#),
  ]

  @Test(
    "every endpoint answers its status, media type and body; problems are RFC 9457 JSON",
    arguments: Backend.available)
  func answers(backend: Backend) throws {
    let server = try Self.server(backend)
    for expected in Self.cases {
      let reply = try server.get(expected.target)
      #expect(reply.status == expected.status, "\(expected.target): \(reply.text)")
      #expect(reply.header("Content-Type") == expected.type, "\(expected.target)")
      #expect(reply.text.contains(expected.contains), "\(expected.target): \(reply.text.prefix(300))")
      if expected.status == 200 {
        #expect(reply.header("ETag")?.hasPrefix("\"") == true, "\(expected.target)")
        #expect(reply.header("Cache-Control") == "no-cache", "\(expected.target)")
      } else {
        #expect(reply.header("Cache-Control") == "no-store", "\(expected.target)")
        #expect(reply.header("ETag") == nil, "\(expected.target)")
        let problem = try reply.json()
        #expect(problem["status"] as? Int == expected.status, "\(expected.target)")
        #expect(problem["title"] is String && problem["detail"] is String, "\(expected.target)")
      }
    }
  }

  @Test("a bad parameter's problem quotes the value")
  func problemNamesValue() throws {
    let server = try Self.server()
    for value in ["abc", "-3", "1e3"] {
      let problem = try server.get("/v1/feed?limit=\(value)").json()
      #expect((problem["detail"] as? String)?.contains("\"\(value)\"") == true)
    }
  }

  @Test("the rows of /v1/feed are the rows of list --format json", arguments: Backend.available)
  func feedIsListShape(backend: Backend) throws {
    let server = try Self.server(backend)
    let listed = try server.run(["list", "--db", server.database, "--format", "json", "--limit", "20"])
    #expect(try server.get("/v1/feed").text == listed.stdout)
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
