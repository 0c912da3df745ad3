import Foundation
import StackfeedTestSupport
import Testing

@Suite(
  "serve: ETag, 304 and paging",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct CachingAndPagingTests {
  @Test(
    "If-None-Match with the ETag gets 304 without a body; a changed feed gets 200 and a new ETag",
    arguments: Backend.available)
  func conditionalGet(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed()
    try server.start(["--db", server.database])
    try FeedAPIChecks.conditionalGet(on: server)
  }

  @Test(
    "paging a 10k-row feed with the cursor until next is null loses and repeats no row", arguments: Backend.available)
  func pagingToTheEnd(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed(generate: 10_000)
    try server.start(["--db", server.database])
    let listed = try server.run(["list", "--db", server.database, "--format", "json"])
    let expected = try Self.ids(of: Data(listed.stdout.utf8))
    #expect(expected.count >= 10_000)
    var seen: [String] = []
    var after: String?
    var pages = 0
    repeat {
      let target = "/v1/feed?limit=337" + (after.map { "&after=\($0)" } ?? "")
      let reply = try server.get(target)
      #expect(reply.status == 200)
      let page = try reply.json()
      seen += try Self.ids(of: Data(reply.body))
      after = page["next"] as? String
      pages += 1
    } while after != nil && pages < 100
    #expect(seen == expected)
    #expect(Set(seen).count == seen.count)
    #expect(pages == (expected.count + 336) / 337)
  }

  @Test("paging /v1/render gives every card once, next in the JSON and in Stackfeed-Next", arguments: Backend.available)
  func renderPaging(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed(generate: 150)
    try server.start(["--db", server.database])
    let listed = try server.run(["list", "--db", server.database, "--format", "json"])
    let expected = try Self.ids(of: Data(listed.stdout.utf8))
    var seen: [String] = []
    var after: String?
    repeat {
      let reply = try server.get("/v1/render?limit=100&width=320" + (after.map { "&after=\($0)" } ?? ""))
      let page = try reply.json()
      seen += try Self.ids(of: Data(reply.body))
      after = page["next"] as? String
      #expect(reply.header("Stackfeed-Next") == after)
    } while after != nil && seen.count < 1000
    #expect(expected.count == 150)
    #expect(seen == expected)
  }

  /// The `kind/id` of every row of a `list` or `render` JSON document, in order.
  static func ids(of json: Data) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
    let rows = try #require(object?["rows"] as? [[String: Any]])
    return rows.map { "\($0["kind"] ?? "")/\($0["id"] ?? "")" }
  }
}
