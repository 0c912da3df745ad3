import Foundation
import StackfeedTestSupport
import Testing

/// `GET /metrics` of the real `stackfeed serve` over sockets: the traffic counted by route pattern, the
/// connections the HTTP server has open, the build's version, and Prometheus's own `promtool` accepting the page.
@Suite(
  "serve: GET /metrics",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct MetricsServeTests {
  /// A server on the bundled feed with `arguments`, after some traffic: pages, a row, a bad parameter, a path no
  /// route has.
  static func server(_ arguments: [String]) throws -> ServerProcess {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database] + arguments)
    for target in ["/v1/feed", "/v1/feed", "/v1/feed", "/v1/rows/header/profile", "/nothing", "/v1/feed?limit=x"] {
      _ = try server.get(target)
    }
    _ = try server.get("/v1/render?limit=2", headers: ["Accept-Encoding: gzip"])
    return server
  }

  @Test("the traffic by route pattern and status, the connections open, the build's version", arguments: ["2", "0"])
  func counts(threads: String) throws {
    let server = try Self.server(["--threads", threads])
    // A connection kept open: counted until it closes.
    let held = try HTTPClient.connect(port: server.port)
    defer { close(held) }
    try HTTPClient.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: held)
    #expect(try HTTPClient.readAnswer(held).status == 200)
    let page = try server.get("/metrics")
    #expect(page.status == 200)
    #expect(page.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
    let metrics = try PrometheusText(page.text)
    let requests = "stackfeed_http_requests_total"
    #expect(metrics.value(requests, ["route": "/v1/feed", "code": "200"]) == 3)
    #expect(metrics.value(requests, ["route": "/v1/feed", "code": "400"]) == 1)
    #expect(metrics.value(requests, ["route": "/v1/rows/{kind}/{id}", "code": "200"]) == 1)
    #expect(metrics.value(requests, ["route": "other", "code": "404"]) == 1)
    #expect(metrics.value("stackfeed_http_request_duration_seconds_count", ["route": "/v1/feed"]) == 4)
    let rendered = try #require(
      metrics.value("stackfeed_http_response_body_bytes_total", ["route": "/v1/render"]))
    #expect(rendered > 0)
    #expect((metrics.value("stackfeed_http_connections") ?? 0) >= 2, "the held connection and the scrape's own")
    #expect((metrics.value("stackfeed_answer_memo_misses_total") ?? 0) >= 1)
    let version = try server.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let build = try #require(metrics.samples(named: "stackfeed_build_info").first)
    #expect("stackfeed \(build.labels["version"] ?? "")" == version)
    #expect(build.value == 1)
  }

  @Test(
    "promtool check metrics accepts the real server's page after traffic; /metrics needs no token with --require-auth",
    .requires(OptionalTool.promtool.isInstalled, OptionalTool.promtool.skipNote))
  func promtool() throws {
    let server = try Self.server(["--require-auth"])
    #expect(try server.get("/v1/feed").status == 401)
    let page = try server.get("/metrics")
    #expect(page.status == 200)
    let check = try PrometheusText.promtoolCheck(page.text)
    #expect(check.status == 0, "\(check.output)\n\(page.text)")
  }
}
