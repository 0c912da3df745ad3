import Foundation
import GzipCore
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// gzipped answers in process: negotiation, Vary, their own ETag, 304, HEAD, the memo, small bodies, problems.
@Suite(
  "FeedAPI: Content-Encoding gzip",
  .requires(OptionalLibrary.deflate.isInstalled, OptionalLibrary.deflate.skipNote))
struct CompressionTests {
  static let gzip = [HTTPField("Accept-Encoding", "gzip")]

  /// The negotiable routes with a body of more than 1 KiB, and one with less (`/healthz`).
  static let routes = [
    "/v1/feed", "/v1/render", "/v1/render?format=svg", "/v1/render?format=html", "/v1/stack",
    "/v1/rows/header/profile", "/v1/feed?pretty=1", "/",
  ]

  @Test("gzip when asked: the same bytes once decompressed, a tag of its own, Vary either way", arguments: routes)
  func gzipped(target: String) throws {
    let api = try TestAPI()
    let identity = api.get(target)
    let gzipped = api.get(target, headers: Self.gzip)
    #expect(identity.status == 200 && gzipped.status == 200)
    #expect(identity.header("Content-Encoding") == nil)
    #expect(gzipped.header("Content-Encoding") == "gzip")
    #expect(identity.header("Vary") == "Accept-Encoding")
    #expect(gzipped.header("Vary") == "Accept-Encoding")
    #expect(Gzip.decompress(gzipped.body, limit: identity.body.count) == identity.body)
    #expect(gzipped.body.count < identity.body.count)
    let tag = try #require(identity.header("ETag"))
    #expect(gzipped.header("ETag") == String(tag.dropLast()) + "-gz\"")
    #expect(gzipped.header("Content-Type") == identity.header("Content-Type"))
    #expect(gzipped.header("Cache-Control") == identity.header("Cache-Control"))
  }

  @Test("If-None-Match works for each representation, and its 304 says Vary")
  func conditional() throws {
    let api = try TestAPI()
    let identityTag = try #require(api.get("/v1/render").header("ETag"))
    let gzipTag = try #require(api.get("/v1/render", headers: Self.gzip).header("ETag"))
    for (headers, tag) in [([HTTPField](), identityTag), (Self.gzip, gzipTag)] {
      let cached = api.get("/v1/render", headers: headers + [HTTPField("If-None-Match", tag)])
      #expect(cached.status == 304)
      #expect(cached.body.isEmpty)
      #expect(cached.header("ETag") == tag)
      #expect(cached.header("Vary") == "Accept-Encoding")
    }
    // A tag of the other representation is not the one selected: the whole answer comes.
    #expect(api.get("/v1/render", headers: Self.gzip + [HTTPField("If-None-Match", identityTag)]).status == 200)
    #expect(api.get("/v1/render", headers: [HTTPField("If-None-Match", gzipTag)]).status == 200)
    let both = api.get("/v1/render", headers: Self.gzip + [HTTPField("If-None-Match", "\(identityTag), \(gzipTag)")])
    #expect(both.status == 304)
  }

  @Test("HEAD has GET's headers, gzipped or not")
  func head() throws {
    let api = try TestAPI()
    for headers in [[], Self.gzip] {
      let get = api.get("/v1/feed", headers: headers)
      let head = api.get("/v1/feed", method: "HEAD", headers: headers)
      #expect(head.status == 200)
      #expect(head.headers == get.headers)
      #expect(head.body == get.body, "the server drops HEAD's body; the API answers as GET")
    }
  }

  @Test("bodies under 1 KiB go uncompressed with Vary, unless identity is refused")
  func smallBodies() throws {
    let api = try TestAPI()
    let health = api.get("/healthz", headers: Self.gzip)
    #expect(health.body.count < 1024)
    #expect(health.header("Content-Encoding") == nil)
    #expect(health.header("Vary") == "Accept-Encoding")
    #expect(health.text == #"{"status":"ok"}"#)
    let refused = api.get("/healthz", headers: [HTTPField("Accept-Encoding", "gzip, identity;q=0")])
    #expect(refused.header("Content-Encoding") == "gzip")
    #expect(Gzip.decompress(refused.body, limit: 100) == health.body)
  }

  @Test(
    "a refused or unknown coding is answered uncompressed, never 406",
    arguments: ["gzip;q=0", "br", "*;q=0", "identity;q=0, gzip;q=0", "gzip;q=0.5"])
  func uncompressed(header: String) throws {
    let api = try TestAPI()
    let response = api.get("/v1/render", headers: [HTTPField("Accept-Encoding", header)])
    #expect(response.status == 200)
    #expect(response.header("Content-Encoding") == nil)
    #expect(response.header("Vary") == "Accept-Encoding")
    #expect(response.body == api.get("/v1/render").body)
  }

  @Test("problems are neither compressed nor negotiated: no Vary")
  func problems() throws {
    let api = try TestAPI()
    for target in ["/v1/feed?limit=0", "/v1/nothing", "/v1/rows/planet/mars"] {
      let problem = api.get(target, headers: [HTTPField("Accept-Encoding", "gzip, identity;q=0")])
      #expect(problem.status >= 400)
      #expect(problem.header("Content-Encoding") == nil)
      #expect(problem.header("Vary") == nil)
      #expect(problem.header("Content-Type") == "application/problem+json; charset=utf-8")
    }
    let wrongMethod = api.get("/v1/render", method: "POST", headers: Self.gzip)
    #expect(wrongMethod.status == 405 && wrongMethod.header("Content-Encoding") == nil)
  }

  @Test("personal answers say Vary: Authorization, Accept-Encoding")
  func personal() throws {
    let test = try TestAPI()
    try test.addUsers(["ann"])
    let token = try test.token(for: "ann", scope: .read)
    let feed = test.get("/v1/me/render", headers: Self.gzip + [HTTPField("Authorization", "Bearer \(token)")])
    #expect(feed.header("Content-Encoding") == "gzip")
    #expect(feed.header("Vary") == "Authorization, Accept-Encoding")
  }

  @Test("without the library (compresses false), every answer is identity with Vary, never an error")
  func withoutCompression() throws {
    let api = try TestAPI()
    api.api.compresses = false
    for target in Self.routes {
      let response = api.get(target, headers: [HTTPField("Accept-Encoding", "gzip, identity;q=0")])
      #expect(response.status == 200, "\(target)")
      #expect(response.header("Content-Encoding") == nil, "\(target)")
      #expect(response.header("Vary") == "Accept-Encoding", "\(target)")
    }
  }

  @Test("the memo keeps the gzipped bytes: a remembered page is compressed once")
  func remembered() throws {
    let api = try TestAPI()
    let first = api.get("/v1/render", headers: Self.gzip)
    let again = api.get("/v1/render", headers: Self.gzip)
    #expect(again.body == first.body)
    #expect(again.headers == first.headers)
  }
}

/// Without libdeflate (scripts/check-bare-machine.sh hides it): the API answers a request asking for gzip
/// uncompressed, never an error.
@Suite(.enabled(if: !OptionalLibrary.deflate.isInstalled, OptionalLibrary.deflate.installedNote))
struct CompressionWithoutLibraryTests {
  @Test("without libdeflate0, a request asking for gzip is answered uncompressed, with Vary")
  func withoutLibrary() throws {
    let api = try TestAPI()
    #expect(!api.api.compresses)
    let response = api.get("/v1/render", headers: [HTTPField("Accept-Encoding", "gzip, identity;q=0")])
    #expect(response.status == 200)
    #expect(response.header("Content-Encoding") == nil)
    #expect(response.header("Vary") == "Accept-Encoding")
    #expect(try response.json()["rows"] is [Any])
  }
}
