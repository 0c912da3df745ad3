import Foundation
import GzipCore
import StackfeedTestSupport
import Testing

/// gzipped answers over a real socket: every endpoint and status of the shared table asked with
/// `Accept-Encoding: gzip`, decompressed and compared with the identity answer; Content-Length, HEAD, 304.
@Suite(
  "serve: Content-Encoding gzip",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote),
  .requires(OptionalLibrary.deflate.isInstalled, OptionalLibrary.deflate.skipNote))
struct CompressionServeTests {
  static let gzip = "Accept-Encoding: gzip"

  @Test("every endpoint and status: gzip for the 200s over 1 KiB (the same bytes decompressed), identity else")
  func everyStatus() throws {
    let server = try EndpointTests.server()
    for expected in FeedAPIChecks.cases {
      let identity = try server.get(expected.target)
      let gzipped = try server.get(expected.target, headers: [Self.gzip])
      #expect(gzipped.status == expected.status, "\(expected.target)")
      #expect(gzipped.header("Content-Length") == String(gzipped.body.count), "\(expected.target)")
      if expected.status == 200, identity.body.count >= 1024 {
        #expect(gzipped.header("Content-Encoding") == "gzip", "\(expected.target)")
        #expect(Gzip.decompress(gzipped.body, limit: identity.body.count) == identity.body, "\(expected.target)")
      } else {
        #expect(gzipped.header("Content-Encoding") == nil, "\(expected.target)")
        #expect(gzipped.body == identity.body, "\(expected.target)")
      }
      #expect(gzipped.header("Vary") == (expected.status == 200 ? "Accept-Encoding" : nil), "\(expected.target)")
    }
  }

  @Test("HEAD sends GET's headers, gzipped Content-Length included; If-None-Match with the gzip tag is 304")
  func headAndConditional() throws {
    let server = try EndpointTests.server()
    let get = try server.get("/v1/render", headers: [Self.gzip])
    let head = try server.get("/v1/render", method: "HEAD", headers: [Self.gzip])
    #expect(head.status == 200 && head.body.isEmpty)
    #expect(head.header("Content-Length") == String(get.body.count))
    #expect(head.header("Content-Encoding") == "gzip")
    #expect(head.header("ETag") == get.header("ETag"))
    let tag = try #require(get.header("ETag"))
    #expect(tag.hasSuffix("-gz\""))
    let cached = try server.get("/v1/render", headers: [Self.gzip, "If-None-Match: \(tag)"])
    #expect(cached.status == 304 && cached.body.isEmpty)
    #expect(cached.header("Vary") == "Accept-Encoding")
    #expect(try server.get("/v1/render", headers: ["If-None-Match: \(tag)"]).status == 200)
  }
}
