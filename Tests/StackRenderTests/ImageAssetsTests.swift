import Foundation
import StackRender
import Testing

@Suite("Image assets")
struct ImageAssetsTests {
  @Test("a name finds its PNG first, then JPEG, then SVG, with the media type")
  func findsByExtensionOrder() throws {
    let folder = try AssetFolder()
    defer { folder.remove() }
    try folder.write("assets/hoodie.png", AssetFolder.png)
    try folder.write("assets/hoodie.jpg", Data("jpeg".utf8))
    try folder.write("assets/top.jpg", Data("jpeg".utf8))
    try folder.write("assets/logo.svg", Data("<svg/>".utf8))
    let assets = ImageAssets(folder: folder.assets)
    #expect(assets.image(named: "hoodie")?.mediaType == "image/png")
    #expect(assets.image(named: "hoodie")?.data == AssetFolder.png)
    #expect(assets.image(named: "top")?.mediaType == "image/jpeg")
    #expect(assets.image(named: "logo")?.dataURI == "data:image/svg+xml;base64,PHN2Zy8+")
    #expect(assets.image(named: "shorts") == nil)
  }

  @Test(
    "names that leave the folder or name a hidden file find nothing",
    arguments: ["../secret", "../../secret", "/SECRET", "sub/../../secret", "..", ".", ".hidden", "", "a\\b", "x\0y"])
  func refusesPaths(name: String) throws {
    let folder = try AssetFolder()
    defer { folder.remove() }
    try folder.write("secret.png", Data("top secret".utf8))
    try folder.write("assets/.hidden.png", AssetFolder.png)
    let absolute = name.replacingOccurrences(of: "/SECRET", with: folder.root.appendingPathComponent("secret").path)
    #expect(ImageAssets(folder: folder.assets).image(named: absolute) == nil)
  }

  @Test("a symbolic link to a file outside the folder is not followed; one inside is")
  func checksLinkTargets() throws {
    let folder = try AssetFolder()
    defer { folder.remove() }
    try folder.write("secret.png", Data("top secret".utf8))
    try folder.write("assets/real.png", AssetFolder.png)
    try folder.link("assets/escape.png", to: "../secret.png")
    try folder.link("assets/alias.png", to: "real.png")
    try folder.link("assets/hop.png", to: "escape.png")
    try folder.link("assets/hop-back.png", to: "../assets/alias.png")
    try folder.link("linked", to: "assets")
    for assets in [
      ImageAssets(folder: folder.assets), ImageAssets(folder: folder.root.appendingPathComponent("linked")),
    ] {
      #expect(assets.image(named: "escape") == nil)
      #expect(assets.image(named: "hop") == nil, "a link to a link out of the folder")
      #expect(assets.image(named: "alias")?.data == AssetFolder.png)
      #expect(assets.image(named: "hop-back")?.data == AssetFolder.png, "a link out and back in")
    }
  }

  @Test("a missing folder or a folder named like an image finds nothing")
  func ignoresMissingFoldersAndDirectories() throws {
    let folder = try AssetFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      at: folder.assets.appendingPathComponent("dir.png"), withIntermediateDirectories: true)
    #expect(ImageAssets(folder: folder.assets).image(named: "dir") == nil)
    #expect(ImageAssets(folder: folder.root.appendingPathComponent("nowhere")).image(named: "dir") == nil)
  }
}
