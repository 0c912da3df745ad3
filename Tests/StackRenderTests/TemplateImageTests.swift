import Foundation
import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

/// Template images (`Image(…).tint(color)`, JSON `"tint"`): the image's shape painted in the tint, the half of a
/// light/dark pair the row's scheme draws — so a black icon is white in the dark. JSON keeps the key (and reads it
/// back), SVG paints the file's alpha with a flood filter, HTML masks the tint with the file or the linked URL.
@Suite("Rendering template images")
struct TemplateImageTests {
  static let label = Color.pair(light: .black, dark: .white)

  static func row(_ scheme: ColorScheme = .light) -> RenderRow {
    var engine = LayoutEngine(measurer: StandardTextMeasurer())
    engine.traits = Traits(scheme: scheme)
    let card = HStack {
      Image("icon", contentMode: .aspectFit).tint(label).square(20)
      Image("icon").square(20)
    }
    return RenderRow(kind: "header", id: "h", layout: engine.layout(card, width: 40))
  }

  static func withIcon(_ body: (ImageAssets) throws -> Void) throws {
    let folder = try AssetFolder()
    defer { folder.remove() }
    try folder.write("assets/icon.png", AssetFolder.png)
    try body(ImageAssets(folder: folder.assets))
  }

  @Test("JSON writes the tint after contentMode and the layout input reads it back")
  func json() throws {
    let json = JSONRenderer().render([Self.row()], width: 40)
    #expect(
      json.contains(##""contentMode": "aspectFit",\##n        "tint": {"light": "#000000", "dark": "#FFFFFF"},"##))
    let input = ##"{"type": "image", "image": "icon", "tint": {"light": "#000000", "dark": "#FFFFFF"}}"##
    let decoded = try LayoutJSON.decode(input)
    guard case .image(let content) = decoded.root.kind else {
      Issue.record("not an image")
      return
    }
    #expect(content.tint == Self.label)
    #expect(decoded.warnings.isEmpty)
  }

  @Test(
    "SVG paints the file's alpha in the scheme's half of the tint; an untinted image is drawn as it is",
    arguments: [(ColorScheme.light, "#000000"), (.dark, "#FFFFFF")])
  func svg(scheme: ColorScheme, ink: String) throws {
    try Self.withIcon { assets in
      let svg = try SVGRenderer(assets: assets).render([Self.row(scheme)], width: 40)
      #expect(XMLCheck.error(in: svg) == nil)
      #expect(
        svg.contains(
          ##"<filter id="tint1"><feFlood flood-color="\##(ink)"/><feComposite in2="SourceAlpha" operator="in"/></filter>"##
        ))
      #expect(svg.components(separatedBy: ##"filter="url(#tint1)""##).count == 2, "the tinted image only")
      #expect(svg.components(separatedBy: "<image ").count == 3)
    }
  }

  @Test("HTML masks the tint with the file, the tint following the browser's scheme when asked")
  func htmlAssets() throws {
    try Self.withIcon { assets in
      let html = HTMLRenderer(assets: assets, followsSystemScheme: true).render([Self.row()], width: 40)
      #expect(XMLCheck.error(in: html) == nil)
      let uri = "data:image/png;base64,\(AssetFolder.png.base64EncodedString())"
      let mask = #"url("\#(uri)") center/contain no-repeat"#
      #expect(html.contains("<style>.m1{-webkit-mask:\(mask);mask:\(mask)}</style>"))
      #expect(
        html.contains(#"<style>:root{--c1:#000000}@media (prefers-color-scheme:dark){:root{--c1:#FFFFFF}}</style>"#))
      #expect(
        html.contains(
          #"class="n m1" title="icon" style="left:0px;top:0px;width:20px;height:20px;background-color:var(--c1)""#))
      #expect(html.contains(#"class="n img a1" title="icon""#), "the untinted image is the picture")
    }
  }

  @Test("HTML masks the tint with a linked picture's URL; without a file or link the placeholder stays")
  func htmlLink() throws {
    struct Links: ImageLinking {
      func link(for image: ImageContent, size: Size) -> ImageLink? { ImageLink(url: "/v1/icons/icon?v=1") }
    }
    let dark = HTMLRenderer(images: Links()).render([Self.row(.dark)], width: 40)
    let mask = #"url("/v1/icons/icon?v=1") center/contain no-repeat"#
    #expect(dark.contains("background-color:#FFFFFF;-webkit-mask:\(mask);mask:\(mask)\""))
    #expect(HTMLRenderer().render([Self.row()], width: 40).components(separatedBy: #"class="n ph""#).count == 3)
  }
}
