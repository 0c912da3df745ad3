import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// `If-Match` and `If-None-Match` on writes (RFC 9110 §13.1, §13.2.2), in process on each backend: any `ETag`
/// the server gave for the row's current state satisfies `If-Match` — compact or `pretty=1`, identity or gzip —
/// compared strongly (a weak tag never does); `If-None-Match` fails (412) on a tag of the current state, weak or
/// not, and on `*`, since the row exists.
@Suite("FeedAPI: conditional writes")
struct WriteConditionalTests {
  /// The conditions a `PATCH` sends, each a placeholder or a literal: `TAG` (the compact identity `ETag` of
  /// `GET /v1/rows/feed_item/{id}`), `PRETTY` (that of `?pretty=1`), `GZIP` (that of the gzipped answer).
  struct Case: Sendable, CustomTestStringConvertible {
    var ifMatch: String?
    var ifNoneMatch: String?
    var status: Int
    var testDescription: String { "If-Match: \(ifMatch ?? "-"), If-None-Match: \(ifNoneMatch ?? "-") → \(status)" }
  }

  static let cases: [Case] = [
    Case(ifMatch: "TAG", status: 200),
    Case(ifMatch: "PRETTY", status: 200),
    Case(ifMatch: "GZIP", status: 200),
    Case(ifMatch: "*", status: 200),
    Case(ifMatch: #""other-1", TAG"#, status: 200),
    Case(ifMatch: "W/TAG", status: 412),
    Case(ifMatch: "W/GZIP", status: 412),
    Case(ifMatch: #""other-1""#, status: 412),
    Case(ifMatch: nil, ifNoneMatch: "*", status: 428),
    Case(ifMatch: "TAG", ifNoneMatch: "*", status: 412),
    Case(ifMatch: "*", ifNoneMatch: "TAG", status: 412),
    Case(ifMatch: "*", ifNoneMatch: "W/TAG", status: 412),
    Case(ifMatch: "*", ifNoneMatch: "GZIP", status: 412),
    Case(ifMatch: "*", ifNoneMatch: #""other-1", "other-2""#, status: 200),
    Case(ifMatch: #""other-1""#, ifNoneMatch: "TAG", status: 412),
  ]

  @Test(
    "a PATCH goes ahead exactly when its conditions hold for the row's current tags; a 412 writes nothing",
    arguments: Backend.available)
  func conditions(backend: Backend) throws {
    let api = try TestAPI(backend)
    for (index, check) in Self.cases.enumerated() {
      let id = "conditional-\(index)"
      let created = api.send(
        "POST", "/v1/feed-items", as: .admin, json: #"{"id": "\#(id)", "title": "Before", "tag": "new"}"#)
      #expect(created.status == 201)
      let path = "/v1/rows/feed_item/\(id)"
      let tag = try #require(api.get(path).header("ETag"))
      let pretty = try #require(api.get(path + "?pretty=1").header("ETag"))
      let gzip = try #require(api.get(path, headers: [HTTPField("Accept-Encoding", "gzip")]).header("ETag"))
      if OptionalLibrary.deflate.isInstalled {
        #expect(gzip.hasSuffix("-gz\""), "the row is gzipped for a client that accepts it")
      } else {  // scripts/check-bare-machine.sh hides libdeflate: the answer and its tag stay identity
        #expect(gzip == tag, "without libdeflate a client asking for gzip gets the identity answer")
      }
      func filled(_ value: String) -> String {
        value.replacingOccurrences(of: "PRETTY", with: pretty).replacingOccurrences(of: "GZIP", with: gzip)
          .replacingOccurrences(of: "TAG", with: tag)
      }
      let headers =
        (check.ifMatch.map { [HTTPField("If-Match", filled($0))] } ?? [])
        + (check.ifNoneMatch.map { [HTTPField("If-None-Match", filled($0))] } ?? [])
      let changed = api.send(
        "PATCH", "/v1/feed-items/\(id)", as: .admin, json: #"{"title": "After"}"#, headers: headers)
      #expect(changed.status == check.status, "\(check.testDescription): \(changed.text)")
      let title = api.get(path).text.contains(#""title":"AFTER""#) ? "After" : "Before"
      #expect(title == (check.status == 200 ? "After" : "Before"), "\(check.testDescription)")
    }
  }

  @Test("a DELETE with the gzipped tag is 204; with a weak tag 412, and the row stays", arguments: Backend.available)
  func deleteWithGzipTag(backend: Backend) throws {
    let api = try TestAPI(backend)
    let path = "/v1/rows/feed_item/\(FeedItemWriteTests.first)"
    let gzip = try #require(api.get(path, headers: [HTTPField("Accept-Encoding", "gzip")]).header("ETag"))
    let weak = api.send(
      "DELETE", "/v1/feed-items/\(FeedItemWriteTests.first)", as: .admin, headers: [HTTPField("If-Match", "W/" + gzip)])
    #expect(weak.status == 412)
    #expect(api.get(path).status == 200)
    let deleted = api.send(
      "DELETE", "/v1/feed-items/\(FeedItemWriteTests.first)", as: .admin, headers: [HTTPField("If-Match", gzip)])
    #expect(deleted.status == 204)
    #expect(api.get(path).status == 404)
  }

  @Test(
    "a POST sending If-None-Match: * creates (no current representation); a write's 2xx is never 304",
    arguments: Backend.available)
  func createWithIfNoneMatch(backend: Backend) throws {
    let api = try TestAPI(backend)
    let created = api.send(
      "POST", "/v1/feed-items", as: .admin, json: #"{"id": "conditional", "title": "A"}"#,
      headers: [HTTPField("If-None-Match", "*")])
    #expect(created.status == 201)
    let changed = api.send(
      "PATCH", "/v1/feed-items/conditional", as: .admin, json: #"{"title": "B"}"#,
      headers: [HTTPField("If-Match", "*"), HTTPField("If-None-Match", #""other-1""#)])
    #expect(changed.status == 200)
    #expect(changed.text.contains(#""title":"B""#))
    #expect(api.get("/v1/rows/feed_item/conditional", headers: [HTTPField("If-None-Match", "*")]).status == 304)
  }
}
