import FeedStore
import Foundation
import StackfeedTestSupport
import Testing

/// A seed folder's `images/`: read from disk, loaded into the store on each backend, notices left alone, and every
/// bad image file refusing the whole seed before anything is written.
@Suite struct ImageSeedTests {
  static let png = RepositoryFiles.root.appendingPathComponent("Tests/ImageCoreTests/Fixtures/halves.png")
  static let bomb = RepositoryFiles.root.appendingPathComponent("Tests/ImageCoreTests/Fixtures/bomb.png")

  /// A seed folder with `images/` holding `files` (name → bytes) and a user.
  static func folder(_ files: [String: Data]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("image-seeds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url.appendingPathComponent("images"), withIntermediateDirectories: true)
    try Data(#"[{"id": "ann", "firstName": "Ann", "lastName": "A"}]"#.utf8).write(
      to: url.appendingPathComponent("users.json"))
    for (name, data) in files { try data.write(to: url.appendingPathComponent("images/\(name)")) }
    return url
  }

  @Test(arguments: Backend.available)
  func theImagesOfAFolderAreLoadedAndItsNoticesLeftAlone(backend: Backend) throws {
    let png = try Data(contentsOf: Self.png)
    let url = try Self.folder(["halves.png": png, "LICENSE": Data("MIT".utf8), "README.md": Data("photos".utf8)])
    let folder = try SeedFolder.read(at: url.path)
    #expect(folder.files.keys.sorted() == ["images/LICENSE", "images/README.md", "images/halves.png", "users.json"])
    let database = try backend.makeDatabase(in: url)
    let location = StoreLocation.resolve(option: database.argument, environment: [:])
    let db = try FeedDatabase.open(location: location, migrations: BundledFiles.accounts.migrations, now: Date.init)
      .database
    let report = try Seeder(loaders: []).seed(SeedFiles(folder.files), into: db, reset: false)
    #expect(report.loadedFiles == ["users.json"] && report.images == 1 && report.warnings.isEmpty)
    let stored = try #require(try Images(db).image(named: "halves"))
    #expect(stored.bytes == [UInt8](png))
    #expect(stored.info.mediaType == "image/png" && stored.info.width == 8 && stored.info.height == 6)
    #expect(try Images(db).list(after: nil, limit: 10).map(\.name) == ["halves"])
  }

  @Test(arguments: [
    (
      "bad.gif", Data("GIF89a".utf8),
      "images/bad.gif: not an image file: images/ holds NAME.jpg, .jpeg, .png or .webp (and notices)"
    ),
    (
      "bad.png", Data("not a png".utf8),
      "images/bad.png: the bytes are not a JPEG, PNG or WebP image (by their first bytes)"
    ),
    (
      "bomb.png", nil,
      "images/bomb.png: the image is 20000 × 20000 pixels: at most 12000 a side and 40 million in all are taken"
    ),
    ("cut.png", Data(), "images/cut.png: the PNG file is cut short (truncated)"),
    ("a b.png", Data(), "images/a b.png: the image name \"a b\" must not contain the space U+0020 (an id has none)"),
  ])
  func aBadImageRefusesTheSeedNamingItsFile(name: String, data: Data?, message: String) throws {
    let png = try Data(contentsOf: Self.png)
    let bomb = try Data(contentsOf: Self.bomb)
    let bytes = data.map { $0.isEmpty ? png.prefix(png.count - 5) : $0 } ?? bomb
    let url = try Self.folder(["good.png": png, name: name == "a b.png" ? png : bytes])
    let folder = try SeedFolder.read(at: url.path)
    #expect {
      try Seeder(loaders: []).validate(SeedFiles(folder.files))
    } throws: { error in
      (error as? SeedError)?.description == message
    }
  }
}
