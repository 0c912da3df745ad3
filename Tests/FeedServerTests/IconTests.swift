import FeedPlugins
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// The bundled icons (docs/HTTP.md, "Icons"): `GET /v1/icons/{name}` answers each as SVG, tagged with its version
/// and immutable at its versioned URL, without a token even under `requireAuth`; the cards' icon nodes link to
/// those URLs and carry their tint (a template image: black in the light scheme, white in the dark).
@Suite("FeedAPI: the bundled icons")
struct IconTests {
  static let names = ["button-icon", "more-icon", "search-icon"]

  @Test("the three reference icons are bundled as the SVG files of Icons/, with their licence")
  func bundled() throws {
    #expect(BundledIcons.named.keys.sorted() == Self.names)
    for name in Self.names {
      let file = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Icons/\(name).svg"))
      let icon = try #require(BundledIcons.named[name])
      #expect(icon.svg == Array(file))
      #expect(String(decoding: icon.svg, as: UTF8.self).contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
      #expect(icon.version == ImageInfo.version(of: Array(file)))
    }
    #expect(
      BundledFiles.core.files(in: "Icons")["LICENSE"].map { String(decoding: $0, as: UTF8.self) }?
        .contains("MIT License") == true)
  }

  @Test("GET /v1/icons/{name}: the SVG, its ETag, immutable at its version, 304, 404 for another name")
  func served() throws {
    let api = try TestAPI()
    for name in Self.names {
      let icon = try #require(BundledIcons.named[name])
      let versioned = api.get(icon.url)
      #expect(versioned.status == 200)
      #expect(versioned.body == icon.svg)
      #expect(versioned.header("Content-Type") == "image/svg+xml")
      #expect(versioned.header("ETag") == "\"\(icon.version)\"")
      #expect(versioned.header("Cache-Control") == "public, max-age=31536000, immutable")
      let plain = api.get("/v1/icons/\(name)")
      #expect(plain.body == icon.svg)
      #expect(plain.header("Cache-Control") == "no-cache", "without its version the URL may answer another icon")
      let again = api.get(icon.url, headers: [HTTPField("If-None-Match", "\"\(icon.version)\"")])
      #expect(again.status == 304)
      #expect(again.body.isEmpty)
    }
    let unknown = api.get("/v1/icons/hoodie")
    #expect(unknown.status == 404)
    #expect(unknown.text.contains("there is no icon \\\"hoodie\\\" (the icons: button-icon, more-icon, search-icon)"))
    #expect(api.get("/v1/icons/search-icon?w=3").status == 400)
    #expect(api.get("/v1/icons/search-icon", method: "POST").status == 405)
  }

  @Test("icons need no token, even when every other /v1 route does")
  func noToken() throws {
    let api = try TestAPI()
    api.api.requireAuth = true
    #expect(api.get("/v1/render").status == 401)
    #expect(api.get("/v1/icons/search-icon").status == 200)
  }

  @Test("render/1: the icon nodes link to the icons (url alone) and are template images in the label's colours")
  func linkedAndTinted() throws {
    let api = try TestAPI()
    let page = try #require(
      try JSONSerialization.jsonObject(with: Data(api.get("/v1/render?limit=20").body)) as? [String: Any])
    let cards = (page["rows"] as? [[String: Any]] ?? []).compactMap { $0["card"] as? [String: Any] }
    var icons: [String: [String: Any]] = [:]
    for (node, _, _) in cards.flatMap({ ImageLinkTests.imageNodes(in: $0) }) {
      guard let name = node["image"] as? String, Self.names.contains(name) else { continue }
      icons[name] = node
    }
    #expect(icons.keys.sorted() == Self.names)
    for (name, node) in icons {
      #expect(node["url"] as? String == BundledIcons.named[name]?.url)
      #expect(node["srcset"] == nil && node["placeholder"] == nil && node["aspect"] == nil)
    }
    let label = ["light": "#000000", "dark": "#FFFFFF"]
    #expect(icons["search-icon"]?["tint"] as? [String: String] == label)
    #expect(icons["more-icon"]?["tint"] as? [String: String] == label)
    #expect(icons["button-icon"]?["tint"] == nil, "the feed item's button is drawn on its photo as it is")
  }

  @Test("format=html: a tinted icon is its shape masked out of the tint, which follows the browser's scheme")
  func htmlMask() throws {
    let api = try TestAPI()
    let html = api.get("/v1/render?format=html&limit=20&system_scheme").text
    let search = try #require(BundledIcons.named["search-icon"]?.url)
    let mask = #"url("\#(search)") center/contain no-repeat"#
    #expect(html.contains("background-color:var(--"))
    #expect(html.contains("-webkit-mask:\(mask);mask:\(mask)"))
    let button = try #require(BundledIcons.named["button-icon"]?.url)
    #expect(html.contains(#"<img src="\#(button)" alt="""#), "an untinted icon is a picture")
  }
}
