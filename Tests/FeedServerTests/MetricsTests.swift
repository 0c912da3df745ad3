import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// `GET /metrics` in process: every answer counted under its route's pattern and status, the latency histogram,
/// the answer memo's hits and misses, the database errors, the connections and the build (docs/HTTP.md,
/// "Metrics").
@Suite("FeedAPI: GET /metrics, the Prometheus text format")
struct MetricsTests {
  /// The metrics `api` shows now.
  static func scrape(_ api: TestAPI) throws -> PrometheusText {
    let page = api.get("/metrics")
    #expect(page.status == 200)
    return try PrometheusText(page.text)
  }

  static let requests = "stackfeed_http_requests_total"
  static let duration = "stackfeed_http_request_duration_seconds"

  @Test(
    "each answer counts under its route's pattern and status, never the path asked for",
    arguments: [
      // (target, method, route label, status)
      ("/v1/feed", "GET", "/v1/feed", 200),
      ("/v1/feed?limit=abc", "GET", "/v1/feed", 400),
      ("/v1/feed", "POST", "/v1/feed", 405),
      ("/v1/feed", "HEAD", "/v1/feed", 200),
      ("/v1/rows/header/profile", "GET", "/v1/rows/{kind}/{id}", 200),
      ("/v1/rows/planet/mars", "GET", "/v1/rows/{kind}/{id}", 404),
      ("/v1/orders/8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001", "GET", "/v1/orders/{id}", 401),
      ("/v1/feed-items/x", "PUT", "/v1/feed-items/{id}", 405),
      ("/v1/me", "GET", "/v1/me", 401),
      ("/healthz", "GET", "/healthz", 200),
      ("/nothing/here", "GET", Metrics.otherRoute, 404),
      ("/v1/rows/a/b/c", "GET", Metrics.otherRoute, 404),
    ])
  func countsByRoute(target: String, method: String, route: String, status: Int) throws {
    let api = try TestAPI()
    let before = try Self.scrape(api)
    #expect(before.value(Self.requests, ["route": route, "code": String(status)]) == nil)
    for _ in 0..<3 { #expect(api.get(target, method: method).status == status) }
    let after = try Self.scrape(api)
    #expect(after.value(Self.requests, ["route": route, "code": String(status)]) == 3)
    #expect(after.value(Self.duration + "_count", ["route": route]) == 3)
    let routes = Set(after.samples.compactMap { $0.labels["route"] })
    let path = String(target.prefix { $0 != "?" })
    #expect(routes.contains(route))
    #expect(route == path || !routes.contains(path), "the raw path is never a label")
    // The scrape before counts under /metrics.
    #expect(after.value(Self.requests, ["route": "/metrics", "code": "200"]) == 1)
  }

  @Test("the labels are the routes' patterns, however many paths are asked for")
  func boundedLabels() throws {
    let api = try TestAPI()
    for n in 0..<50 {
      _ = api.get("/v1/rows/order/\(n)")
      _ = api.get("/unknown/\(n)")
      _ = api.get("/v1/orders/\(n)")
    }
    let metrics = try Self.scrape(api)
    let routes = Set(metrics.samples.compactMap { $0.labels["route"] })
    #expect(routes == ["/v1/rows/{kind}/{id}", Metrics.otherRoute, "/v1/orders/{id}"])
    #expect(metrics.value(Self.requests, ["route": Metrics.otherRoute, "code": "404"]) == 50)
  }

  @Test("the histogram's buckets are cumulative, the last is +Inf and equals _count; _sum is the seconds spent")
  func histogram() throws {
    let api = try TestAPI()
    let start = ContinuousClock.now
    for limit in 1...7 { _ = api.get("/v1/render?limit=\(limit)") }
    let spent = ContinuousClock.now - start
    let metrics = try Self.scrape(api)
    let buckets = metrics.samples(named: Self.duration + "_bucket").filter { $0.labels["route"] == "/v1/render" }
    #expect(buckets.map { $0.labels["le"] } == LatencyBuckets.labels + ["+Inf"])
    #expect(zip(buckets, buckets.dropFirst()).allSatisfy { $0.value <= $1.value }, "cumulative")
    #expect(buckets.last?.value == 7)
    #expect(metrics.value(Self.duration + "_count", ["route": "/v1/render"]) == 7)
    let sum = try #require(metrics.value(Self.duration + "_sum", ["route": "/v1/render"]))
    #expect(sum > 0)
    #expect(sum <= Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18)
    #expect(metrics.types[Self.duration] == "histogram")
  }

  @Test("the bucket bounds: ascending, as many as the meter holds, each label its bound in seconds")
  func bucketBounds() {
    #expect(LatencyBuckets.bounds == LatencyBuckets.bounds.sorted())
    #expect(LatencyBuckets.count == 18, "RouteMeter's InlineArray<18, …> holds one count per bucket")
    #expect(LatencyBuckets.labels.map { Double($0)! } == LatencyBuckets.bounds.map { Double($0) / 1e9 })
    #expect(LatencyBuckets.bucket(of: 0) == 0)
    #expect(LatencyBuckets.bucket(of: 50_000) == 0)
    #expect(LatencyBuckets.bucket(of: 50_001) == 1)
    #expect(LatencyBuckets.bucket(of: 20_000_000_000) == LatencyBuckets.bounds.count)
  }

  @Test("each endpoint's meter is its path's: Endpoint.place is its place in Endpoint.paths")
  func endpointPlace() throws {
    for (place, path) in Endpoint.paths.enumerated() {
      #expect(try #require(Endpoint(path: path)).place == place, "\(path)")
    }
  }

  @Test("body bytes are counted as sent: gzipped when gzipped, none for HEAD and 304")
  func bytes() throws {
    let api = try TestAPI()
    let plain = api.get("/v1/render?limit=3")
    let gzipped = api.get("/v1/render?limit=3", headers: [HTTPField("Accept-Encoding", "gzip")])
    _ = api.get("/v1/render?limit=3", method: "HEAD")
    let tag = try #require(plain.header("ETag"))
    #expect(api.get("/v1/render?limit=3", headers: [HTTPField("If-None-Match", tag)]).status == 304)
    let metrics = try Self.scrape(api)
    #expect(
      metrics.value("stackfeed_http_response_body_bytes_total", ["route": "/v1/render"])
        == Double(plain.body.count + gzipped.body.count))
  }

  @Test("the answer memo's hits and misses: one per lookup of a remembered route, none for the others")
  func memo() throws {
    let api = try TestAPI()
    for _ in 0..<5 { #expect(api.get("/v1/feed?limit=4").status == 200) }
    for _ in 0..<3 { _ = api.get("/healthz") }
    let metrics = try Self.scrape(api)
    let hits = try #require(metrics.value("stackfeed_answer_memo_hits_total"))
    let misses = try #require(metrics.value("stackfeed_answer_memo_misses_total"))
    #expect(hits + misses == 5)
    #expect(misses >= 1, "the first request makes its page")
    #expect(hits >= 1, "a page asked for again is remembered (the second time it is made) and then taken")
  }

  @Test("a store that cannot be read counts as a database error (503), and so does readiness")
  func databaseErrors() throws {
    let api = try TestAPI()
    let path = api.database.argument
    try FileManager.default.moveItem(atPath: path, toPath: path + ".away")
    defer { try? FileManager.default.moveItem(atPath: path + ".away", toPath: path) }
    #expect(api.get("/v1/feed").status == 503)
    #expect(api.get("/readyz").status == 503)
    #expect(api.get("/healthz").status == 200)
    let metrics = try Self.scrape(api)
    #expect(metrics.value("stackfeed_database_errors_total", ["kind": "unavailable"]) == 2)
    #expect(metrics.value("stackfeed_database_errors_total", ["kind": "statement"]) == 0)
    #expect(metrics.value(Self.requests, ["route": "/v1/feed", "code": "503"]) == 1)
  }

  @Test("/metrics: text format 0.0.4, no-store, no ETag, never needs a token, no parameters, gzipped when asked")
  func page() throws {
    let api = try TestAPI()
    api.api.requireAuth = true
    let page = api.get("/metrics")
    #expect(page.status == 200)
    #expect(page.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
    #expect(page.header("Cache-Control") == "no-store")
    #expect(page.header("ETag") == nil)
    #expect(api.get("/metrics?limit=1").status == 400)
    #expect(api.get("/metrics", method: "POST").status == 405)
    #expect(api.get("/v1/feed").status == 401, "--require-auth holds for /v1")
    if api.api.compresses {
      let gzipped = api.get("/metrics", headers: [HTTPField("Accept-Encoding", "gzip")])
      #expect(gzipped.header("Content-Encoding") == "gzip")
    }
  }

  @Test("every family has HELP and TYPE, a stackfeed_ name in base units; build info and connections")
  func families() throws {
    let api = try TestAPI()
    api.api.version = "1.2.3"
    _ = api.get("/v1/feed")
    let before = try Self.scrape(api)
    #expect(before.samples(named: "stackfeed_http_connections").isEmpty, "no server counts connections")
    api.api.metrics.countConnections { 7 }
    let metrics = try Self.scrape(api)
    #expect(metrics.value("stackfeed_http_connections") == 7)
    #expect(metrics.types["stackfeed_http_connections"] == "gauge")
    #expect(metrics.value("stackfeed_build_info", ["version": "1.2.3", "swift": Metrics.swiftVersion]) == 1)
    for sample in metrics.samples {
      let family = [Self.duration].first { sample.name.hasPrefix($0) } ?? sample.name
      #expect(sample.name.hasPrefix("stackfeed_"))
      #expect(metrics.types[family] != nil, "\(sample.name) has a TYPE")
      #expect(metrics.helped.contains(family), "\(sample.name) has a HELP")
    }
    for (family, type) in metrics.types where type == "counter" {
      #expect(family.hasSuffix("_total"))
    }
  }

  @Test("label values are escaped: backslash, quote, line feed")
  func escaping() {
    #expect(Metrics.escaped(#"a\b"c"# + "\nd") == #"a\\b\"c\nd"#)
    #expect(Metrics.escaped("/v1/orders/{id}") == "/v1/orders/{id}")
  }

  @Test(
    "promtool check metrics accepts the page",
    .requires(OptionalTool.promtool.isInstalled, OptionalTool.promtool.skipNote))
  func promtool() throws {
    let api = try TestAPI()
    api.api.metrics.countConnections { 1 }
    for target in ["/v1/feed", "/v1/feed", "/v1/render?limit=2", "/nothing", "/v1/feed?limit=x"] {
      _ = api.get(target)
    }
    let check = try PrometheusText.promtoolCheck(api.get("/metrics").text)
    #expect(check.status == 0, "\(check.output)")
  }
}
