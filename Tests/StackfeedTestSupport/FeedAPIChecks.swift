import Foundation
import Testing

/// An HTTP answer as the API checks read it: a response value in process, or a reply read from a socket.
public protocol CheckedAnswer {
  /// The status code.
  var status: Int { get }
  /// The body as text.
  var text: String { get }
  /// The first header named `name` (case-insensitive), if any.
  func header(_ name: String) -> String?
}

extension HTTPReply: CheckedAnswer {}

/// The feed's HTTP API as the checks drive it: in process (FeedServerTests) or a live `stackfeed serve`
/// (ServeTests), so the same test body runs both ways (as Hummingbird's router tests run `.router` and `.live`).
public protocol CheckedFeedAPI {
  /// The answer to `GET target` (a path and its query) with `headers` (name, value).
  func answer(_ target: String, headers: [(String, String)]) throws -> any CheckedAnswer
  /// Appends `generate` synthetic feed items to the database served, from another connection; the version of the
  /// change log its commit made (what a write's answer sends as `Stackfeed-Commit`).
  @discardableResult
  func seed(generate: Int) throws -> UInt64
}

/// Test bodies shared by the in-process and the end-to-end API tests, each run on a server holding the bundled
/// reference feed.
public enum FeedAPIChecks {
  /// One request and what its answer must have.
  public struct Case: Sendable {
    /// The path and query.
    public var target: String
    /// The status expected.
    public var status: Int
    /// The `Content-Type` expected.
    public var type: String
    /// A text the body contains.
    public var contains: String

    init(_ target: String, _ status: Int, _ type: String, _ contains: String) {
      self.target = target
      self.status = status
      self.type = type
      self.contains = contains
    }
  }

  static let json = "application/json; charset=utf-8"
  static let svg = "image/svg+xml; charset=utf-8"
  static let html = "text/html; charset=utf-8"
  static let problem = "application/problem+json; charset=utf-8"

  /// Every endpoint, with its statuses.
  public static let cases: [Case] = [
    Case("/healthz", 200, json, #"{"status":"ok"}"#),
    Case("/v1/feed", 200, json, #""headline":"HI, RUSSELL""#),
    Case("/v1/feed?limit=1", 200, json, #""next":"header:0:0:-""#),
    Case("/v1/feed?pretty=1", 200, json, "\n  {\"kind\": \"header\", \"id\": \"profile\""),
    Case("/v1/feed?pretty=0&limit=1", 200, json, #"{"rows":[{"kind":"header""#),
    Case("/healthz?pretty=1", 200, json, #"{"status": "ok"}"#),
    Case("/readyz", 200, json, #"{"status":"ok"}"#),
    Case("/readyz?pretty=1", 200, json, #"{"status": "ok"}"#),
    Case("/healthz?limit=1", 400, problem, #""parameter":"limit""#),
    Case("/readyz?limit=1", 400, problem, #""parameter":"limit""#),
    Case("/v1/feed?time_zone=Asia/Tokyo", 200, json, "Ordered on 06 Jul 21"),
    Case("/v1/render?width=320", 200, json, #""schema":"stackfeed.render/1""#),
    Case("/v1/render?format=svg", 200, svg, "<svg"),
    Case("/v1/render?format=html", 200, html, "data-kind"),
    Case("/v1/stack?state=expanded", 200, json, #""state":"expanded""#),
    Case("/v1/stack?state=transit&translation=130&card-offset=30&own-height", 200, json, #""state":"transit""#),
    Case("/v1/stack?format=svg", 200, svg, "<svg"),
    Case("/v1/rows/header/profile?width=320", 200, json, #""width":320"#),
    Case("/v1/rows/feed_item/2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0001", 200, json, #""title":"THE FUTURE IS FUNCTIONAL""#),
    Case("/v1/rows/order/8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001", 200, json, #""title":"IT'S FUFILLED""#),
    Case("/", 200, html, "/v1/render?format=html"),
    Case("/?width=320", 200, html, "/v1/render?format=html"),
    Case("/v1/rows/feed_item/nope", 404, problem, "no feed_item row"),
    Case("/v1/rows/header/nobody", 404, problem, "no header row"),
    Case("/v1/rows/planet/mars", 404, problem, "no row kind"),
    Case("/v1/nothing", 404, problem, #""status":404"#),
    Case("/v1/feed/", 404, problem, #""status":404"#),
    Case("/v1/feed?limit=abc", 400, problem, #""parameter":"limit""#),
    Case("/v1/feed?limit=0", 400, problem, #""parameter":"limit""#),
    Case("/v1/feed?limit=501", 400, problem, #""parameter":"limit""#),
    Case("/v1/feed?after=garbage", 400, problem, #""parameter":"after""#),
    Case("/v1/feed?after=nokind:1:1:1", 400, problem, #""parameter":"after""#),
    Case("/v1/feed?time_zone=Mars/Olympus", 400, problem, #""parameter":"time_zone""#),
    Case("/v1/feed?colour=red", 400, problem, #""parameter":"colour""#),
    Case("/v1/feed?limit=1&limit=2", 400, problem, "more than once"),
    Case("/v1/feed?pretty=yes", 400, problem, #""parameter":"pretty""#),
    Case("/v1/feed?pretty=1&limit=0", 400, problem, #""status": 400, "detail": "#),
    Case("/v1/render?width=-5", 400, problem, #""parameter":"width""#),
    Case("/v1/render?format=pdf", 400, problem, #""parameter":"format""#),
    Case("/v1/stack?state=sideways", 400, problem, #""parameter":"state""#),
    Case("/v1/stack?translation=abc", 400, problem, #""parameter":"translation""#),
    Case("/v1/rows/header/profile?width=0", 400, problem, #""parameter":"width""#),
    Case("/?width=wide", 400, problem, #""parameter":"width""#),
  ]

  /// Every endpoint answers its status, media type and body; 200s carry an ETag and `no-cache` (but the
  /// readiness probe's, `no-store` without an ETag: each probe reads), problems are RFC 9457 JSON with
  /// `no-store` and no ETag.
  public static func answers(of api: some CheckedFeedAPI) throws {
    for expected in cases {
      let answer = try api.answer(expected.target, headers: [])
      #expect(answer.status == expected.status, "\(expected.target): \(answer.text)")
      #expect(answer.header("Content-Type") == expected.type, "\(expected.target)")
      #expect(answer.text.contains(expected.contains), "\(expected.target): \(answer.text.prefix(300))")
      if expected.status == 200, expected.target.hasPrefix("/readyz") {
        #expect(answer.header("Cache-Control") == "no-store", "\(expected.target)")
        #expect(answer.header("ETag") == nil, "\(expected.target)")
      } else if expected.status == 200 {
        #expect(answer.header("ETag")?.hasPrefix("\"") == true, "\(expected.target)")
        #expect(answer.header("Cache-Control") == "no-cache", "\(expected.target)")
      } else {
        #expect(answer.header("Cache-Control") == "no-store", "\(expected.target)")
        #expect(answer.header("ETag") == nil, "\(expected.target)")
        let problem = try JSONSerialization.jsonObject(with: Data(answer.text.utf8)) as? [String: Any]
        #expect(problem?["status"] as? Int == expected.status, "\(expected.target)")
        #expect(problem?["title"] is String && problem?["detail"] is String, "\(expected.target)")
      }
    }
  }

  /// `If-None-Match` naming the ETag (or a weak form of it, or `*`) gets 304 without a body; a changed feed gets
  /// 200 and a new ETag (asked with the change's `Stackfeed-Commit`: on PostgreSQL another connection's commit is
  /// in every answer within the staleness bound, and at once in those that name it).
  public static func conditionalGet(on api: some CheckedFeedAPI) throws {
    let tag = try #require(try api.answer("/v1/feed", headers: []).header("ETag"))
    #expect(try api.answer("/v1/feed", headers: []).header("ETag") == tag, "equal bodies, equal tags")
    for header in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
      let cached = try api.answer("/v1/feed", headers: [("If-None-Match", header)])
      #expect(cached.status == 304, "If-None-Match: \(header)")
      #expect(cached.text.isEmpty)
      #expect(cached.header("ETag") == tag)
      #expect(cached.header("Cache-Control") == "no-cache")
    }
    #expect(try api.answer("/v1/feed", headers: [("If-None-Match", #""stale""#)]).status == 200)
    #expect(try api.answer("/v1/feed?limit=3", headers: []).header("ETag") != tag, "another page, another tag")
    let commit = try api.seed(generate: 1)
    let changed = try api.answer("/v1/feed", headers: [("If-None-Match", tag), ("Stackfeed-Commit", "\(commit)")])
    #expect(changed.status == 200, "the feed changed: the remembered answer is not served")
    #expect(changed.header("ETag") != tag)
  }
}
