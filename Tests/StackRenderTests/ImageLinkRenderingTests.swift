import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

/// The JSON and HTML renderers with an ``ImageLinking``: a linked image node carries `url`, `srcset`, `aspect` and
/// `placeholder` after its `contentMode` (JSON) or is an `<img>` with `src` and `srcset` on its placeholder colour,
/// fitted by its content mode (HTML); a node the links do not know is drawn as before.
@Suite("Rendering with image links")
struct ImageLinkRenderingTests {
  /// Links every image named `photo…` to `/p/NAME?w=W&h=H&s=S`, its frame rounded up, at scale 2.
  struct Links: ImageLinking {
    func link(for image: ImageContent, size: Size) -> ImageLink? {
      guard let name = image.name, name.hasPrefix("photo") else { return nil }
      let url = { (scale: Int) in "/p/\(name)?w=\(Int(size.width.rounded(.up)))&h=\(Int(size.height))&s=\(scale)" }
      return ImageLink(
        url: url(2), srcset: (1...3).map { ImageLink.Scaled(scale: $0, url: url($0)) }, aspectRatio: 2 / 3,
        placeholder: Color(hex: "#102030"))
    }
  }

  static func rows() -> [RenderRow] {
    let card = HStack(spacing: 10) {
      Image("photo-a", contentMode: .aspectFill, cornerRadius: 5).size(width: 40.5, height: 30)
      Image("photo-b", contentMode: .aspectFit).square(40)
      Image("icon").square(20)
    }
    return [SampleFeeds.row("gallery", "g", card, width: 200)]
  }

  @Test("JSON: url, srcset, aspect and placeholder after contentMode, on linked nodes only")
  func json() {
    let json = JSONRenderer(images: Links()).render(Self.rows(), width: 200)
    let photo = [
      #""image": "photo-a","#, #""contentMode": "aspectFill","#, #""url": "/p/photo-a?w=41&h=30&s=2","#,
      #""srcset": {"1": "/p/photo-a?w=41&h=30&s=1", "2": "/p/photo-a?w=41&h=30&s=2", "3": "/p/photo-a?w=41&h=30&s=3"},"#,
      #""aspect": 0.667,"#, ##""placeholder": "#102030","##, #""cornerRadius": 5,"#,
    ].map { String(repeating: " ", count: 8) + $0 + "\n" }.joined()
    #expect(json.contains(photo), "\(json)")
    #expect(json.components(separatedBy: "\"url\"").count == 3)
    #expect(json.contains("\"image\": \"icon\",\n        \"contentMode\": \"scaleToFill\",\n        \"frame\""))
    #expect(JSONRenderer().render(Self.rows(), width: 200) == JSONRenderer(images: nil).render(Self.rows(), width: 200))
    #expect(!JSONRenderer().render(Self.rows(), width: 200).contains("\"url\""))
  }

  @Test("JSON: a link without a srcset, aspect or placeholder writes its url alone")
  func jsonURLAlone() {
    struct Bare: ImageLinking {
      func link(for image: ImageContent, size: Size) -> ImageLink? { ImageLink(url: "/v/\(image.name ?? "")") }
    }
    let json = JSONRenderer(images: Bare()).render(Self.rows(), width: 200)
    #expect(json.contains("\"contentMode\": \"scaleToFill\",\n        \"url\": \"/v/icon\",\n        \"frame\""))
  }

  @Test("HTML: an <img> with src and srcset on the placeholder colour, fitted by the content mode, clipped")
  func html() throws {
    let html = HTMLRenderer(images: Links()).render(Self.rows(), width: 200)
    #expect(XMLCheck.error(in: html) == nil)
    let fill = "display:block;width:100%;height:100%;object-fit:"
    #expect(
      html.contains(
        #"title="photo-a" style="left:0px;top:0px;width:40.667px;height:30px;border-radius:5px;background-color:#102030;overflow:hidden">"#
          + #"<img src="/p/photo-a?w=41&amp;h=30&amp;s=2" srcset="/p/photo-a?w=41&amp;h=30&amp;s=1 1x, "#
          + #"/p/photo-a?w=41&amp;h=30&amp;s=2 2x, /p/photo-a?w=41&amp;h=30&amp;s=3 3x" alt="" style="\#(fill)cover"/></div>"#
      ), "\(html)")
    #expect(html.contains(#"s=3 3x" alt="" style="\#(fill)contain"/></div>"#))
    #expect(html.contains(#"class="n ph" title="icon""#), "an image the links do not know is a placeholder")
    #expect(html.components(separatedBy: "<img ").count == 3)
  }

  @Test(
    "HTML: object-fit for every content mode",
    arguments: [
      (ContentMode.scaleToFill, "fill"), (.aspectFit, "contain"), (.aspectFill, "cover"), (.center, "scale-down"),
    ])
  func objectFit(mode: ContentMode, fit: String) {
    let row = SampleFeeds.row("one", "o", Image("photo", contentMode: mode).square(10), width: 10)
    #expect(HTMLRenderer(images: Links()).render([row], width: 10).contains("object-fit:\(fit)\"/>"))
  }
}
