import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// Every image node of `stackfeed.render/1` with a stored image carries what a client needs (docs/HTTP.md,
/// "Images in the cards"): `url` for its frame at the request's `scale` (default 2), `srcset` at 1, 2 and 3, the
/// image's own `aspect` and its `placeholder`; a node naming no stored image has none of them; the HTML draws the
/// same URLs as `<img srcset>`. On a real database of each backend.
@Suite("FeedAPI: image nodes link the stored images")
struct ImageLinkTests {
  /// The stored images of the tests: the reference feed's first feed item's picture and the gallery's first.
  static let stored = [
    ImageInfo(
      name: "functional-male", version: "0123456789abcdef", mediaType: "image/jpeg", width: 1000, height: 1200,
      placeholder: "#405060"),
    ImageInfo(
      name: "tshirt", version: "fedcba9876543210", mediaType: "image/jpeg", width: 600, height: 800,
      placeholder: "#c8bfb4"),
  ]

  /// An API over the reference feed with ``stored`` alone in its image table (written as a write route writes;
  /// the bundled seeds' photos taken out).
  static func api(_ backend: Backend, storing infos: [ImageInfo] = stored) throws -> TestAPI {
    let api = try withoutStoredImages(TestAPI(backend))
    try api.store(infos)
    return api
  }

  /// `api` with the bundled seeds' photos deleted, before it answered anything.
  static func withoutStoredImages(_ api: TestAPI) throws -> TestAPI {
    try api.database.execute("DELETE FROM images")
    return api
  }

  /// Every image node of a `stackfeed.render/1` card (or of several) with its frame's size.
  static func imageNodes(in node: [String: Any]) -> [(node: [String: Any], width: Double, height: Double)] {
    var found: [(node: [String: Any], width: Double, height: Double)] = []
    var pending = [node]
    while let next = pending.popLast() {
      if next["type"] as? String == "image", let frame = next["frame"] as? [String: Double] {
        found.append((next, frame["width"] ?? 0, frame["height"] ?? 0))
      }
      pending += next["children"] as? [[String: Any]] ?? []
    }
    return found
  }

  static func cards(of response: HTTPResponse) throws -> [[String: Any]] {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    return (document["rows"] as? [[String: Any]] ?? []).compactMap { $0["card"] as? [String: Any] }
  }

  /// Checks every image node of `cards` against ``stored`` at `scale`; answers how many were linked.
  static func checkLinks(in cards: [[String: Any]], scale: Int) -> Int {
    let infos = Dictionary(uniqueKeysWithValues: stored.map { ($0.name, $0) })
    var linked = 0
    for card in cards {
      for (node, width, height) in imageNodes(in: card) {
        let name = node["image"] as? String
        guard let info = name.flatMap({ infos[$0] }), width > 0, height > 0 else {
          // A bundled icon is linked to its SVG alone; any other image to nothing.
          let icon = name.flatMap { BundledIcons.named[$0] }
          #expect(node["url"] as? String == icon?.url, "\(node)")
          #expect(node["srcset"] == nil && node["placeholder"] == nil && node["aspect"] == nil, "\(node)")
          continue
        }
        linked += 1
        let fit: ImageFit = node["contentMode"] as? String == "aspectFit" ? .contain : .cover
        let variant = ImageVariant(frameWidth: width, frameHeight: height, fit: fit, scale: scale)
        #expect(node["url"] as? String == info.url(for: variant))
        let srcset = node["srcset"] as? [String: String] ?? [:]
        #expect(
          srcset == [
            "1": info.url(for: variant.at(scale: 1)), "2": info.url(for: variant.at(scale: 2)),
            "3": info.url(for: variant.at(scale: 3)),
          ])
        #expect(node["placeholder"] as? String == info.placeholder.uppercased())
        #expect(node["aspect"] as? Double == (info.aspectRatio * 1000).rounded() / 1000)
      }
    }
    return linked
  }

  @Test(
    "render/1: url at the scale asked (default 2), srcset, aspect and placeholder on stored images only",
    arguments: Backend.available)
  func renderLinks(backend: Backend) throws {
    let api = try Self.api(backend)
    for (query, scale) in [("", 2), ("&scale=1", 1), ("&scale=2", 2), ("&scale=3", 3)] {
      let response = api.get("/v1/render?limit=20" + query)
      #expect(response.status == 200)
      // The first feed item's picture and the order's first gallery tile.
      #expect(Self.checkLinks(in: try Self.cards(of: response), scale: scale) == 2, "\(query)")
    }
  }

  @Test("/v1/rows links its card's stored images too", arguments: Backend.available)
  func rowLinks(backend: Backend) throws {
    let api = try Self.api(backend)
    let page = try JSONSerialization.jsonObject(with: Data(api.get("/v1/render?limit=20").body)) as? [String: Any]
    let rows = page?["rows"] as? [[String: Any]] ?? []
    let id = try #require(rows.first { $0["kind"] as? String == "order" }?["id"] as? String)
    let row = api.get("/v1/rows/order/\(id)?scale=3")
    #expect(row.status == 200)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(row.body)) as? [String: Any])
    #expect(Self.checkLinks(in: [try #require(document["card"] as? [String: Any])], scale: 3) == 1)
  }

  @Test("without stored images render/1 links the icons alone, the same bytes after images come and go")
  func noStoredImages() throws {
    let api = try Self.withoutStoredImages(TestAPI())
    let before = api.get("/v1/render?limit=20")
    try api.store(Self.stored)
    try api.store([], deleting: Self.stored.map(\.name))
    #expect(api.get("/v1/render?limit=20&scale=3").text == before.text)
    #expect(!before.text.contains("\"srcset\"") && !before.text.contains("/v1/images/"))
  }

  @Test("a replaced image gets new URLs in the next answer")
  func replacedImage() throws {
    let api = try Self.api(.sqlite)
    let first = api.get("/v1/render?limit=20")
    #expect(first.text.contains("v=0123456789abcdef"))
    let replaced = ImageInfo(
      name: "functional-male", version: "00000000000000ff", mediaType: "image/png", width: 10, height: 10,
      placeholder: "#000000")
    try api.store([replaced])
    let second = api.get("/v1/render?limit=20")
    #expect(!second.text.contains("v=0123456789abcdef"))
    #expect(second.text.contains("/v1/images/functional-male?v=00000000000000ff&w=370&h=414&fit=cover&scale=2&r=2"))
    #expect(second.header("ETag") != first.header("ETag"))
  }

  @Test("format=html draws each stored image as an <img> with its src and srcset, on its placeholder colour")
  func htmlImages() throws {
    let api = try Self.api(.sqlite)
    let html = api.get("/v1/render?format=html&limit=20&scale=3").text
    let json = try Self.cards(of: api.get("/v1/render?limit=20&scale=3"))
    let nodes = json.flatMap { Self.imageNodes(in: $0) }.map(\.node)
    #expect(nodes.filter { $0["srcset"] != nil }.count == 2)
    // Every linked node but the template icons (drawn as masks) is a picture.
    let pictures = nodes.filter { $0["url"] != nil && $0["tint"] == nil }
    #expect(html.components(separatedBy: "<img ").count - 1 == pictures.count)
    for node in json.flatMap({ Self.imageNodes(in: $0) }) {
      guard let url = node.node["url"] as? String, let srcset = node.node["srcset"] as? [String: String] else {
        continue
      }
      let escaped = { (text: String) in text.replacingOccurrences(of: "&", with: "&amp;") }
      let set = ["1", "2", "3"].map { "\(escaped(srcset[$0]!)) \($0)x" }.joined(separator: ", ")
      #expect(
        html.contains(
          #"<img src="\#(escaped(url))" srcset="\#(set)" alt="" style="display:block;width:100%;height:100%;object-fit:cover"/>"#
        ))
    }
    #expect(html.contains("background-color:#405060;overflow:hidden"))
    #expect(html.contains("background-color:#C8BFB4;overflow:hidden"))
  }

  static let badScales: [(query: String, detail: String)] = [
    ("scale=0", #"scale takes an integer from 1 to 3, not \"0\""#),
    ("scale=4", #"scale takes an integer from 1 to 3, not \"4\""#),
    ("scale=2x", #"scale takes an integer from 1 to 3, not \"2x\""#),
    ("scale", "scale needs a value (scale=…)"),
  ]

  @Test(
    "a bad scale is a 400 problem naming it", arguments: ["/v1/render?limit=3", "/v1/rows/header/profile?width=320"])
  func badScale(route: String) throws {
    let api = try TestAPI()
    for bad in Self.badScales {
      let response = api.get(route + "&" + bad.query)
      #expect(response.status == 400, "\(route)&\(bad.query)")
      #expect(
        response.text
          == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"\#(bad.detail)","parameter":"scale"}"#
      )
    }
    #expect(api.get("/v1/feed?scale=2").status == 400, "the rows without cards take no scale")
  }
}

extension TestAPI {
  /// Stores images of `infos` (a byte each: no reader here decodes them) and deletes those named `deleting`, in one
  /// write of the store (so the server's memo sees the change, as a write route's).
  func store(_ infos: [ImageInfo], deleting: [String] = []) throws {
    let location = StoreLocation.resolve(option: database.argument, environment: [:])
    let migrations = try PluginRegistry.builtIn().migrations
    let db = try FeedDatabase.open(location: location, migrations: migrations, now: Date.init).database
    try db.write {
      for info in infos { _ = try Images(db).put(info, bytes: [0xFF]) }
      for name in deleting { _ = try Images(db).delete(named: name) }
    }
  }
}
