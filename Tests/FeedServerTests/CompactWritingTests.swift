import JSONCore
import Testing

/// `/v1/feed` and `/v1/render` write their compact JSON at once (the writers' `JSONStyle.compact`) instead of
/// compacting the indented document afterwards: the bytes must be exactly those `JSONWriter.compact` makes of the
/// `pretty=1` answer, for every shape a page takes (first, middle and empty pages, lists, every trait set).
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
}
