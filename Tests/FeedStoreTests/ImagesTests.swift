import FeedStore
import Foundation
import Hashing
import StackfeedTestSupport
import Testing

/// The image store on a real database of each backend (info without the bytes, bytes kept exactly, pages by
/// name, replace and delete), and the one URL builder with its size rule.
@Suite struct ImagesTests {
  /// A store with the account tables, images among them.
  final class Store {
    let database: TestDatabase
    let images: Images
    private let folder: URL

    init(_ backend: Backend) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("images-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      database = try backend.makeDatabase(in: folder)
      let location = StoreLocation.resolve(option: database.argument, environment: [:])
      images = Images(
        try FeedDatabase.open(location: location, migrations: BundledFiles.accounts.migrations, now: Date.init)
          .database)
    }

    deinit {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  static func info(_ name: String, _ bytes: [UInt8], width: Int = 4, height: Int = 3) -> ImageInfo {
    ImageInfo(
      name: name, version: ImageInfo.version(of: bytes), mediaType: "image/png", width: width, height: height,
      placeholder: "#102030")
  }

  @Test(arguments: Backend.available)
  func anImageIsStoredReplacedListedAndDeleted(backend: Backend) throws {
    let store = try Store(backend)
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) } + [0, 0xFF, 0x5C, 0x78]
    let first = Self.info("tshirt", bytes)
    #expect(try store.images.info(named: "tshirt") == nil)
    #expect(try store.images.put(first, bytes: bytes), "new")
    #expect(try store.images.info(named: "tshirt") == first)
    let read = try #require(try store.images.image(named: "tshirt"))
    #expect(read.info == first)
    #expect(read.bytes == bytes, "every byte kept, NUL and backslash included")

    let replacement: [UInt8] = [1, 2, 3]
    let second = Self.info("tshirt", replacement, width: 640, height: 480)
    #expect(try store.images.put(second, bytes: replacement) == false, "replaced")
    #expect(try store.images.image(named: "tshirt")?.bytes == replacement)
    #expect(try store.images.info(named: "tshirt")?.version != first.version)

    let others = ["a", "hoodie", "top", "Ünïcode name"].map { Self.info($0, Array($0.utf8)) }
    for other in others { #expect(try store.images.put(other, bytes: Array(other.name.utf8))) }
    #expect(try store.images.list(after: nil, limit: 3).map(\.name) == ["a", "hoodie", "top"])
    #expect(try store.images.list(after: "top", limit: 3).map(\.name) == ["tshirt", "Ünïcode name"])
    #expect(try store.images.infos(named: ["top", "nothing", "a", "top"]) == ["top": others[2], "a": others[0]])
    #expect(try store.images.infos(named: ["hoodie"]) == ["hoodie": others[1]])
    #expect(try store.images.infos(named: others.map(\.name)).count == others.count)
    #expect(try store.images.infos(named: []).isEmpty)

    #expect(try store.images.delete(named: "top"))
    #expect(try store.images.delete(named: "top") == false)
    #expect(try store.images.info(named: "top") == nil)
    try store.images.deleteAll()
    #expect(try store.images.list(after: nil, limit: 10).isEmpty)
  }

  @Test func theVersionIsTheContentHash() {
    #expect(ImageInfo.version(of: Array("abc".utf8)) == "ba7816bf8f01cfea")
    #expect(ImageInfo.version(of: []) == String(SHA256.hexDigest([UInt8]()).prefix(16)))
  }

  @Test(arguments: [
    // frame (points), scale → whole points and pixels
    (77.0, 90.667, 3, 77, 91, 231, 273),
    (77.0, 91.0004, 3, 77, 91, 231, 273),
    (358.0, 433.333, 2, 358, 434, 716, 868),
    (0.2, 0.0, 1, 1, 1, 1, 1),
    (2048.0, 1024.0, 3, 1024, 512, 3072, 1536),
    (10_000.0, 10.0, 2, 1024, 2, 2048, 4),
    (40.0, 40.0, 7, 40, 40, 120, 120),
    (40.0, 40.0, 0, 40, 40, 40, 40),
    (.infinity, .nan, 2, 1, 1, 2, 2),
  ])
  func aFrameIsRoundedUpToWholePointsWithinTheBounds(
    width: Double, height: Double, scale: Int, points: Int, pointsHigh: Int, pixels: Int, pixelsHigh: Int
  ) {
    let variant = ImageVariant(frameWidth: width, frameHeight: height, fit: .cover, scale: scale)
    let measured: [Int] = [variant.width, variant.height, variant.pixelWidth, variant.pixelHeight]
    let expected: [Int] = [points, pointsHigh, pixels, pixelsHigh]
    #expect(measured == expected)
    #expect(ImageVariant(width: variant.width, height: variant.height, fit: .cover, scale: variant.scale) == variant)
  }

  @Test func onlyBoundedSizesExist() {
    #expect(ImageVariant(width: 1024, height: 1, fit: .contain, scale: 3) != nil)
    for (width, height, scale) in [(0, 10, 2), (10, 0, 2), (1025, 10, 2), (10, 1025, 1), (10, 10, 0), (10, 10, 4)] {
      #expect(
        ImageVariant(width: width, height: height, fit: .cover, scale: scale) == nil, "\(width)×\(height)@\(scale)")
    }
  }

  @Test func theURLNamesTheVersionAndTheVariantAndEncodesTheName() throws {
    let info = ImageInfo(
      name: "tshirt", version: "0123456789abcdef", mediaType: "image/jpeg", width: 1200, height: 1500,
      placeholder: "#aabbcc")
    let tile = ImageVariant(frameWidth: 77, frameHeight: 91, fit: .cover, scale: 3)
    #expect(info.url(for: tile) == "/v1/images/tshirt?v=0123456789abcdef&w=77&h=91&fit=cover&scale=3&r=2")
    #expect(
      info.srcset(for: tile).map { "\($0.scale) \($0.url)" } == [
        "1 /v1/images/tshirt?v=0123456789abcdef&w=77&h=91&fit=cover&scale=1&r=2",
        "2 /v1/images/tshirt?v=0123456789abcdef&w=77&h=91&fit=cover&scale=2&r=2",
        "3 /v1/images/tshirt?v=0123456789abcdef&w=77&h=91&fit=cover&scale=3&r=2",
      ])
    let odd = ImageInfo(
      name: "a b/ü?&%", version: "v", mediaType: "image/png", width: 1, height: 1, placeholder: "#000000")
    let box = try #require(ImageVariant(width: 10, height: 20, fit: .contain, scale: 1))
    #expect(odd.url(for: box) == "/v1/images/a%20b%2F%C3%BC%3F%26%25?v=v&w=10&h=20&fit=contain&scale=1&r=2")
    #expect(info.aspectRatio == 0.8)
  }
}
