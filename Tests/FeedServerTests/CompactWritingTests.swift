import Foundation
import HTTPServer
import JSONCore
import Testing

/// `/v1/feed`, `/v1/render`, `/v1/rows` and a route's answer of a row write their compact JSON at once (the
/// writers' `JSONStyle.compact`) instead of compacting the indented document afterwards: the bytes must be
/// exactly those `JSONWriter.compact` makes of the `pretty=1` answer, for every shape a page takes (first, middle
/// and empty pages, lists, every trait set) and every row kind.
@Suite struct CompactWritingTests {
  static let targets = [
    "/v1/feed", "/v1/feed?limit=1", "/v1/feed?limit=500", "/v1/feed?after=feed_item:3:3:3&limit=7",
    "/v1/feed?time_zone=Asia/Kolkata&limit=40", "/v1/feed?after=feed_item:100000:100000:100000",
    "/v1/render", "/v1/render?limit=100", "/v1/render?width=320&content_size=AX3",
    "/v1/render?direction=rtl&scheme=dark&limit=30", "/v1/render?content_size=xS&after=feed_item:5:5:5",
    "/v1/render?after=feed_item:100000:100000:100000",
  ]

  @Test("the compact answer is the indented one compacted, byte for byte", arguments: targets)
  func compactIsCompactedPretty(target: String) throws {
    let api = try TestAPI(generate: 60)
    let compact = api.get(target)
    let pretty = api.get(target + (target.contains("?") ? "&" : "?") + "pretty=1")
    #expect(compact.status == 200 && pretty.status == 200)
    #expect(pretty.body.contains(UInt8(ascii: "\n")))
    #expect(
      String(decoding: compact.body, as: UTF8.self) == String(decoding: JSONWriter.compact(pretty.body), as: UTF8.self))
  }

  @Test("an empty page is among the shapes written")
  func emptyPages() throws {
    let api = try TestAPI(generate: 60)
    #expect(
      String(decoding: api.get("/v1/feed?after=feed_item:100000:100000:100000").body, as: UTF8.self)
        .hasPrefix(#"{"rows":[],"#))
    #expect(
      String(decoding: api.get("/v1/render?after=feed_item:100000:100000:100000").body, as: UTF8.self)
        .contains(#""rows":[],"#))
  }

  @Test("every kind's row, at every trait set, and an order's 201: the compact answer is the indented one compacted")
  func rowsAndWrites() throws {
    let api = try TestAPI(generate: 60)
    func compacted(_ target: String) -> String {
      String(
        decoding: JSONWriter.compact(api.get(target + (target.contains("?") ? "&" : "?") + "pretty=1").body),
        as: UTF8.self)
    }
    let page = try #require(
      JSONSerialization.jsonObject(with: Data(api.get("/v1/feed?limit=60").body)) as? [String: Any])
    let rows = try #require(page["rows"] as? [[String: Any]])
    let kinds = Set(rows.compactMap { $0["kind"] as? String })
    #expect(kinds.isSuperset(of: ["header", "feed_item", "order"]), "\(kinds)")
    for row in rows {
      let (kind, id) = (try #require(row["kind"] as? String), try #require(row["id"] as? String))
      for traits in ["", "?width=320&content_size=AX3", "?direction=rtl&scheme=dark"] {
        let target = "/v1/rows/\(kind)/\(id)\(traits)"
        let compact = api.get(target)
        #expect(compact.status == 200, "\(target)")
        #expect(String(decoding: compact.body, as: UTF8.self) == compacted(target), "\(target)")
      }
    }
    let token = try api.token(for: "default", scope: .write)
    var post = TestAPI.request(
      "POST", "/v1/me/orders",
      headers: [HTTPField("Content-Type", "application/json"), HTTPField("Authorization", "Bearer \(token)")])
    post.body = Array(
      #"{"items": [{"product": "vital-top", "quantity": 2}, {"product": "arrival-tshirt", "quantity": 1}]}"#.utf8)
    let placed = api.api.respond(to: post)
    #expect(placed.status == 201, "\(placed.text)")
    let id = try #require(try placed.json()["id"] as? String)
    #expect(String(decoding: placed.body, as: UTF8.self) == compacted("/v1/rows/order/\(id)"))
  }
}
