import Foundation
import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

@Suite("Rendering with an assets folder")
struct AssetRenderingTests {
  /// Two rounded images of the same file, one image with no file, one whose name leaves the folder.
  static func rows() -> [RenderRow] {
    let card = HStack(spacing: 10) {
      Image("hoodie", contentMode: .aspectFill, cornerRadius: 5).square(40)
      Image("hoodie", contentMode: .aspectFill, cornerRadius: 5).square(40)
      Image("shorts").square(40)
      Image("../secret").square(40)
    }
    return [SampleFeeds.row("gallery", "g", card, width: 200)]
  }

  static func withFolder(_ body: (ImageAssets) throws -> Void) throws {
    let folder = try AssetFolder()
    defer { folder.remove() }
    try folder.write("secret.png", Data("top secret".utf8))
    try folder.write("assets/hoodie.png", AssetFolder.png)
    try body(ImageAssets(folder: folder.assets))
  }

  static let pngURI = "data:image/png;base64,\(AssetFolder.png.base64EncodedString())"
  static let secretBase64 = Data("top secret".utf8).base64EncodedString()

  @Test("SVG draws the file for every image of that name, clipped to the corner radius")
  func svgEmbedsOnce() throws {
    try Self.withFolder { assets in
      let svg = try SVGRenderer(assets: assets).render(Self.rows(), width: 200)
      #expect(XMLCheck.error(in: svg) == nil)
      #expect(svg.components(separatedBy: Self.pngURI).count == 3)
      #expect(svg.contains(#"<clipPath id="clip2"><rect x="50" y="0" width="40" height="40" rx="5"/></clipPath>"#))
      #expect(
        svg.contains(
          ##"<image x="50" y="0" width="40" height="40" preserveAspectRatio="xMidYMid slice" clip-path="url(#clip2)""##)
      )
      #expect(svg.contains("<title>shorts</title>"))
      #expect(svg.contains("<title>../secret</title>"))
      #expect(!svg.contains(Self.secretBase64))
    }
  }

  @Test("HTML defines a file's CSS class once and gives both images that class")
  func htmlEmbedsOnce() throws {
    try Self.withFolder { assets in
      let html = HTMLRenderer(assets: assets).render(Self.rows(), width: 200)
      #expect(XMLCheck.error(in: html) == nil)
      #expect(html.components(separatedBy: Self.pngURI).count == 2)
      #expect(html.components(separatedBy: #"class="n img a1" title="hoodie""#).count == 3)
      #expect(html.contains(#"class="n ph" title="shorts""#))
      #expect(html.contains(#"class="n ph" title="../secret""#))
      #expect(!html.contains(Self.secretBase64))
    }
  }
}
