import Foundation
import ImageCore
import StackfeedTestSupport
import Testing

/// libvips through CVips: an image's average colour, a truncated file refused, and resized copies measured by
/// their own headers (exactly the pixels asked, cover and contain, JPEG and WebP).
@Suite(.requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
struct VipsTests {
  @Test func theAverageColourIsThePixelsMean() throws {
    // Left half (200, 40, 40), right half (40, 40, 200): the mean is (120, 40, 120).
    #expect(try CheckedImage(ImageHeaderTests.fixture("halves.png")).placeholder == "#782878")
    #expect(try CheckedImage(ImageHeaderTests.fixture("halves-lossless.webp")).placeholder == "#782878")
    #expect(try CheckedImage(ImageHeaderTests.fixture("green-alpha.png")).placeholder == "#1eb43c")
    let tshirt = try CheckedImage(ImageHeaderTests.photo("tshirt"))
    #expect(tshirt.header == ImageHeader(format: .jpeg, width: 763, height: 905))
    // A Display P3 photo: its average in sRGB, converted from its profile ("#b8bec6" with its values read as sRGB).
    #expect(tshirt.placeholder == "#b3bec7")
  }

  @Test(arguments: [0.5, 0.9, 0.99])
  func aTruncatedPhotoIsUnreadable(kept: Double) throws {
    let photo = try ImageHeaderTests.photo("tshirt")
    let truncated = Array(photo.prefix(Int(Double(photo.count) * kept)))
    #expect(try ImageHeader(reading: truncated).width == 763, "the header is whole")
    #expect {
      try CheckedImage(truncated)
    } throws: { error in
      (error as? ImageRefusal)?.kind == .unreadable
    }
  }

  @Test func tooManyBytesAreRefusedBeforeAnythingElse() {
    let huge = [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: ImageLimits.bytes)
    #expect(throws: ImageRefusal(.tooLarge, "the image is 8388611 bytes: at most 8388608 (8 MiB)")) {
      try CheckedImage(huge)
    }
  }

  @Test(arguments: [
    (231, 273, true, Vips.Output.jpeg, ImageFormat.jpeg),
    (231, 273, false, .webp, .webp),
    (300, 100, false, .jpeg, .jpeg),
    (100, 300, true, .webp, .webp),
    (2000, 1000, true, .jpeg, .jpeg),  // larger than the source: scaled up
  ])
  func aResizedCopyHasExactlyThePixelsAsked(
    width: Int, height: Int, crop: Bool, output: Vips.Output, format: ImageFormat
  )
    throws
  {
    let photo = try ImageHeaderTests.photo("tshirt")
    let resized = try #require(
      try Vips.resize(photo, width: width, height: height, crop: crop, to: output, background: [10, 20, 30]))
    #expect(try ImageHeader(reading: resized) == ImageHeader(format: format, width: width, height: height))
    #expect(resized.count < photo.count || width >= 1000)
  }

  @Test(
    "a JPEG is decoded shrunk by the most of 8, 4, 2 that leaves the upright picture the box's size",
    arguments: [
      // reset.jpg, 1020 × 1029: a 231 × 273 tile needs 1/3.77 (so 1/2: 510 × 515); 515 rows need all of it.
      ("reset", 0, 231, 273, true, 2), ("reset", 0, 77, 91, true, 8), ("reset", 0, 255, 257, true, 4),
      ("reset", 0, 510, 515, true, 1), ("reset", 0, 510, 514, true, 2), ("reset", 0, 300, 100, false, 8),
      ("reset", 0, 2000, 1000, true, 1),
      // stripes.jpg, 90 × 60 stored, turned by orientation 6 to 60 × 90: the box is of the upright picture (as
      // stored, 15 × 45 would need all of it, 45 × 15 only half).
      ("stripes", 6, 15, 45, true, 2), ("stripes", 6, 45, 15, true, 1), ("stripes", 0, 45, 15, true, 2),
    ])
  func jpegsShrinkWhileDecoding(name: String, orientation: Int, width: Int, height: Int, crop: Bool, shrink: Int)
    throws
  {
    var bytes = name == "reset" ? try ImageHeaderTests.photo(name) : try ImageHeaderTests.fixture("\(name).jpg")
    if orientation > 0 { bytes = ExifOrientation.jpeg(bytes, UInt8(orientation)) }
    #expect(Vips.jpegShrink(of: bytes, width: width, height: height, crop: crop) == shrink)
    let resized = try #require(
      try Vips.resize(bytes, width: width, height: height, crop: crop, to: .jpeg, background: []))
    #expect(try ImageHeader(reading: resized) == ImageHeader(format: .jpeg, width: width, height: height))
  }

  @Test func otherFormatsAreNotShrunkByLibjpeg() throws {
    #expect(Vips.jpegShrink(of: try ImageHeaderTests.fixture("halves.png"), width: 1, height: 1, crop: true) == 1)
    #expect(Vips.jpegShrink(of: Array("not an image".utf8), width: 1, height: 1, crop: true) == 1)
  }

  @Test func containFillsTheRestOfTheBoxWithTheBackground() throws {
    // The 8 × 6 halves in a 16 × 6 box at scale 1: 4 columns of background each side.
    let boxed = try #require(
      try Vips.resize(
        ImageHeaderTests.fixture("halves.png"), width: 16, height: 6, crop: false, to: .jpeg, background: [0, 255, 0]))
    #expect(try ImageHeader(reading: boxed) == ImageHeader(format: .jpeg, width: 16, height: 6))
    let average = try CheckedImage(boxed).placeholder
    // Half of the box is green, a quarter red-ish, a quarter blue-ish: green dominates.
    let green = Int(average.dropFirst(3).prefix(2), radix: 16) ?? 0
    #expect(green > 120, "\(average)")
  }

  @Test(
    "a JPEG with orientation 6 is resized upright: its stripes across, not down",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func aTurnedJPEGIsServedUpright() throws {
    // 90 × 60, thirds red, green, blue from the left; orientation 6 shows it turned a quarter clockwise: 60 × 90,
    // the thirds from the top. A band of 60 × 10 across the middle of the upright picture is all green; of the
    // picture as stored it would hold all three.
    let stored = try ImageHeaderTests.fixture("stripes.jpg")
    let turned = ExifOrientation.jpeg(stored, 6)
    let checked = try CheckedImage(turned)
    #expect(checked.header.width == 60 && checked.header.height == 90)
    func band(_ bytes: [UInt8]) throws -> (red: Int, green: Int, blue: Int) {
      let band = try #require(try Vips.resize(bytes, width: 60, height: 10, crop: true, to: .jpeg, background: []))
      #expect(try ImageHeader(reading: band) == ImageHeader(format: .jpeg, width: 60, height: 10))
      let colour = try CheckedImage(band).placeholder.dropFirst()
      let channels = stride(from: 0, to: 6, by: 2).map { offset in
        Int(colour.dropFirst(offset).prefix(2), radix: 16) ?? 0
      }
      return (channels[0], channels[1], channels[2])
    }
    let upright = try band(turned)
    #expect(upright.green > 150 && upright.red < 80 && upright.blue < 80, "\(upright)")
    let asStored = try band(stored)
    #expect(asStored.green < 130 && asStored.red > 60 && asStored.blue > 60, "\(asStored)")
  }

  @Test("a WebP keeps the photo's colour profile and no other metadata (the JPEG saver strips both)")
  func aWebPKeepsItsColourProfileOnly() throws {
    // reset.jpg carries a Display P3 profile, Exif, IPTC and XMP; flex.jpg Exif and XMP, no profile.
    func chunks(_ name: String, _ output: Vips.Output) throws -> Set<String> {
      let photo = try ImageHeaderTests.photo(name)
      let tile = try #require(try Vips.resize(photo, width: 154, height: 182, crop: true, to: output, background: []))
      let names = ["ICCP", "XMP ", "ICC_PROFILE", "http://ns.adobe.com/xap/1.0/"]
      return Set(names.filter { tile.firstRange(of: Array($0.utf8)) != nil })
    }
    #expect(try chunks("reset", .webp) == ["ICCP"])
    #expect(try chunks("flex", .webp) == [])
    #expect(try chunks("reset", .jpeg) == [])
  }

  @Test func bytesLibvipsCannotReadAreRefusedNotCrashed() {
    #expect(throws: ImageRefusal.self) {
      try Vips.resize(Array("not an image at all".utf8), width: 10, height: 10, crop: true, to: .jpeg, background: [])
    }
  }
}

/// A machine without libvips (scripts/check-bare-machine.sh hides it): nothing is decoded, the reason names the
/// package, and an upload is checked by its bytes and header only.
@Suite struct WithoutVipsTests {
  @Test(
    "without libvips42, nothing is decoded and the reason names the package",
    .enabled(if: !OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.installedNote))
  func withoutLibvipsNothingIsDecoded() throws {
    #expect(!Vips.isAvailable)
    #expect(Vips.unavailableReason?.hasPrefix("resizing images needs libvips (apt-get install libvips42)") == true)
    let png = try ImageHeaderTests.fixture("halves.png")
    #expect(try Vips.averageColour(of: png) == nil)
    #expect(try Vips.resize(png, width: 4, height: 4, crop: true, to: .jpeg, background: []) == nil)
    let checked = try CheckedImage(png)
    #expect(checked.placeholder == CheckedImage.greyPlaceholder && checked.header.width == 8)
    #expect(throws: ImageRefusal.self) { try CheckedImage(try ImageHeaderTests.fixture("bomb.png")) }
  }
}
