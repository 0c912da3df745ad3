import Foundation
import StackfeedTestSupport
import Testing

/// `GET /v1/changes` and `/v1/me/changes` of a `stackfeed serve` process over sockets: a write through the API and
/// a seed by another process reach it, in version order, for those who may see them.
@Suite(
  "serve: changes",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ChangesServeTests {
  /// The JSON object of a reply.
  static func json(_ reply: HTTPReply) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any],
      "\(reply.status) \(String(decoding: reply.body, as: UTF8.self))")
  }

  @Test(
    "a write through the API and a seed by another process reach /v1/changes, each for those who may see it",
    arguments: Backend.available)
  func writesReachTheChanges(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed()
    let admin = try WriteServeTests.token(server, scope: "admin")
    let reader = try WriteServeTests.token(server, scope: "read")
    try server.start(["--db", server.database, "--quiet"])
    let since = try #require(try Self.json(server.get("/v1/changes?since=0"))["next"] as? String)

    let created = try server.send(
      "POST", "/v1/feed-items", body: Array(#"{"id": "live-1", "title": "Live"}"#.utf8),
      headers: ["Authorization: Bearer \(admin)"])
    #expect(created.status == 201)
    let placed = try server.send(
      "POST", "/v1/me/orders", body: WriteServeTests.order, headers: ["Authorization: Bearer \(admin)"])
    #expect(placed.status == 201)
    let order = try #require(try Self.json(placed)["id"] as? String)
    let seeded = try server.run(["seed", "--db", server.database, "--generate", "2", "--no-reference"])
    #expect(seeded.code == 0, "\(seeded.stderr)")

    let anonymous = try server.get("/v1/changes?since=\(since)&width=320")
    #expect(anonymous.status == 200)
    #expect(anonymous.header("ETag") != nil)
    let changes = try #require(try Self.json(anonymous)["changes"] as? [[String: Any]])
    let summary = changes.map { [$0["op"], $0["kind"], $0["id"]].compactMap { $0 as? String }.joined(separator: " ") }
    #expect(
      summary == [
        "insert feed_item live-1", "insert order \(order)", "delete order 8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001",
        "reload",
      ], "the default user's feed: the item, their new order for their old one, the seed")
    let row = try #require(changes[0]["row"] as? [String: Any])
    #expect(row["kind"] as? String == "feed_item" && row["card"] != nil)

    let mine = try server.get("/v1/me/changes?since=\(since)", headers: ["Authorization: Bearer \(reader)"])
    #expect(try #require(try Self.json(mine)["changes"] as? [[String: Any]]).count == 4, "the token's user: default")
    #expect(try server.get("/v1/me/changes?since=\(since)").status == 401)
    #expect(try server.get("/v1/changes?since=99999999999").status == 410)
    #expect(server.stop() == 0)
  }
}
