import Foundation
import ImageCore
import StackfeedTestSupport
import Testing

/// The format sniffed from the first bytes and the dimensions read from the header, without decoding: every
/// format's header kinds, and every kind of bad bytes refused with the right kind of refusal.
@Suite struct ImageHeaderTests {
  static let fixtures = RepositoryFiles.root.appendingPathComponent("Tests/ImageCoreTests/Fixtures")

  static func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  /// A reference photo, as the bundled seeds carry it.
  static func photo(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Seeds/account/images/\(name).jpg")))
  }

  @Test(arguments: [
    ("halves.png", ImageFormat.png, 8, 6),
    ("green-alpha.png", .png, 4, 4),
    ("halves.jpg", .jpeg, 8, 6),
    ("halves.webp", .webp, 8, 6),  // VP8: lossy
    ("halves-lossless.webp", .webp, 8, 6),  // VP8L
    ("halves-extended.webp", .webp, 8, 6),  // VP8X
    ("bomb.png", .png, 20_000, 20_000),
  ])
  func theHeaderGivesTheFormatAndSize(file: String, format: ImageFormat, width: Int, height: Int) throws {
    #expect(try ImageHeader(reading: Self.fixture(file)) == ImageHeader(format: format, width: width, height: height))
  }

  @Test(
    "an Exif orientation is read from each format's place for it; 5 to 8 give the stored sides swapped",
    arguments: 1...8)
  func orientationGivesTheUprightSize(orientation: Int) throws {
    let value = UInt8(orientation)
    let turned = orientation >= 5
    let files: [(String, [UInt8], ImageFormat, Int, Int)] = [
      ("JPEG MM", ExifOrientation.jpeg(try Self.fixture("stripes.jpg"), value), .jpeg, 90, 60),
      ("JPEG II", ExifOrientation.jpeg(try Self.fixture("stripes.jpg"), value, littleEndian: true), .jpeg, 90, 60),
      ("PNG", ExifOrientation.png(try Self.fixture("halves.png"), value), .png, 8, 6),
      ("WebP", ExifOrientation.webp(try Self.fixture("halves-extended.webp"), value), .webp, 8, 6),
    ]
    for (what, bytes, format, width, height) in files {
      let header = try ImageHeader(reading: bytes)
      #expect(
        header
          == ImageHeader(
            format: format, width: turned ? height : width, height: turned ? width : height,
            orientation: orientation), "\(what)")
    }
  }

  @Test func aReferencePhotosSizeIsItsHeaders() throws {
    #expect(try ImageHeader(reading: Self.photo("tshirt")) == ImageHeader(format: .jpeg, width: 763, height: 905))
    #expect(try ImageHeader(reading: Self.photo("reset")) == ImageHeader(format: .jpeg, width: 1020, height: 1029))
  }

  @Test(arguments: [
    ("nothing", [UInt8](), ImageRefusal.Kind.unsupported),
    ("text", Array("hello, this is not an image".utf8), .unsupported),
    ("GIF", Array("GIF89a\u{1}\0\u{1}\0".utf8), .unsupported),
    ("a RIFF that is not WebP", Array("RIFF\u{4}\0\0\0WAVEfmt ".utf8), .unsupported),
    ("JPEG signature alone", [0xFF, 0xD8, 0xFF], .unreadable),
    ("PNG signature alone", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .unreadable),
    ("WebP without a chunk", Array("RIFF\u{4}\0\0\0WEBP".utf8), .unreadable),
  ])
  func badBytesAreRefused(what: String, bytes: [UInt8], kind: ImageRefusal.Kind) {
    #expect(throws: ImageRefusal.self, "\(what)") { try ImageHeader(reading: bytes) }
    do {
      _ = try ImageHeader(reading: bytes)
    } catch {
      #expect(error.kind == kind, "\(what): \(error)")
    }
  }

  @Test(arguments: ["halves.png", "halves.jpg", "halves.webp", "halves-lossless.webp", "halves-extended.webp"])
  func everyHeaderCutShortIsUnreadable(file: String) throws {
    let bytes = try Self.fixture(file)
    let whole = try ImageHeader(reading: bytes)
    // Every prefix that keeps the signature but loses part of the size is refused, never read as another size.
    var cut = 0
    for length in 8..<min(bytes.count, 200) {
      guard let header = try? ImageHeader(reading: Array(bytes.prefix(length))) else {
        cut += 1
        continue
      }
      #expect(header == whole, "\(file) cut at \(length)")
    }
    #expect(cut > 0, "\(file): some prefix must be too short")
  }

  @Test func aBombIsRefusedByItsHeaderAlone() throws {
    let bomb = try Self.fixture("bomb.png")
    #expect(bomb.count < 50_000, "48 KB declaring 400 million pixels (50 MB of rows)")
    let header = try ImageHeader(reading: bomb)
    #expect(
      throws: ImageRefusal(
        .tooLarge, "the image is 20000 × 20000 pixels: at most 12000 a side and 40 million in all are taken")
    ) {
      try header.checkLimits()
    }
    for (width, height, allowed) in [
      (12_000, 3_333, true), (12_001, 10, false), (10, 12_001, false), (8_000, 5_000, true), (8_000, 5_001, false),
    ] {
      let passes = (try? ImageHeader(format: .png, width: width, height: height).checkLimits()) != nil
      #expect(passes == allowed, "\(width) × \(height)")
    }
  }
}

/// A file cut short is told by its structure, without decoding.
@Suite struct WholeFileTests {
  @Test(arguments: ["halves.png", "halves.jpg", "halves.webp", "halves-lossless.webp", "halves-extended.webp"])
  func aWholeFileIsWholeAndEveryCutIsNot(file: String) throws {
    let bytes = try ImageHeaderTests.fixture(file)
    let format = try #require(ImageFormat(sniffing: bytes))
    #expect(format.isWhole(bytes))
    for length in 0..<bytes.count {
      #expect(!format.isWhole(Array(bytes.prefix(length))), "\(file) cut at \(length) of \(bytes.count)")
    }
  }

  @Test func everyReferencePhotoIsWholeAndACutOneIsRefusedBeforeDecoding() throws {
    for name in ["flex", "tshirt", "reset"] {
      let photo = try ImageHeaderTests.photo(name)
      #expect(ImageFormat.jpeg.isWhole(photo), "\(name)")
      #expect(!ImageFormat.jpeg.isWhole(Array(photo.dropLast(2))), "\(name) without its end marker")
      #expect(throws: ImageRefusal(.unreadable, "the JPEG file is cut short (truncated)")) {
        try CheckedImage(Array(photo.prefix(photo.count * 99 / 100)))
      }
    }
  }
}
