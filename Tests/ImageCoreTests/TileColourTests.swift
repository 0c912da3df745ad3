import Foundation
import Hashing
import ImageCore
import StackfeedTestSupport
import Testing

/// The colour of a resized copy: a JPEG (whose saver strips the colour profile) of a picture carrying one is
/// converted to sRGB, so a Display P3 photo keeps its colours; a picture without one is resized as it always was.
/// Colours are measured as ``CheckedImage``'s average, in sRGB (through a WebP's profile).
@Suite(.requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
struct TileColourTests {
  /// The green third of stripes.jpg, (30, 200, 31): the centre of the 90 × 60 picture that a 10 × 20 cover tile
  /// keeps.
  static let green: [Double] = [30, 200, 31]

  @Test("a JPEG tile of a Display P3 picture is converted to sRGB; its WebP keeps the profile, which says the same")
  func aDisplayP3PictureIsConvertedToSRGBInAJPEG() throws {
    let stripes = try ImageHeaderTests.fixture("stripes.jpg")
    let p3 = ColourProfile.jpeg(stripes, tagged: try ColourProfile.displayP3())
    let tile = try #require(try Vips.resize(p3, width: 10, height: 20, crop: true, to: .jpeg, background: []))
    #expect(!ColourProfile.carriesProfile(tile))
    // (0, 204, 0): the P3 green is outside sRGB, so red and blue are clipped to 0 (were 30 and 31).
    let expected = ColourProfile.srgb(fromDisplayP3: Self.green)
    let measured = ColourProfile.channels(try CheckedImage(tile).placeholder)
    #expect(ColourProfile.isClose(measured, to: expected), "\(measured), expected \(expected)")
    let webp = try #require(try Vips.resize(p3, width: 10, height: 20, crop: true, to: .webp, background: []))
    #expect(ColourProfile.carriesProfile(webp))
    // The average applies the WebP's profile: the same sRGB colour, from the P3 values it kept.
    let kept = ColourProfile.channels(try CheckedImage(webp).placeholder)
    #expect(ColourProfile.isClose(kept, to: expected), "\(kept), expected \(expected)")
  }

  @Test("a profile that does not describe the tile's pixels is not kept: a grey JPEG's, on its sRGB WebP tile")
  func aProfileOfOtherPixelsIsNotKept() throws {
    // grey-profile.jpg: 8 × 8 of grey 128, one band, with a 348-byte grey profile (lcms' cmsCreateGrayProfile,
    // gamma 2.2); its tiles are 3-band sRGB, which a grey profile does not describe.
    let grey = try ImageHeaderTests.fixture("grey-profile.jpg")
    #expect(ColourProfile.carriesProfile(grey))
    let webp = try #require(try Vips.resize(grey, width: 4, height: 4, crop: true, to: .webp, background: []))
    #expect(!ColourProfile.carriesProfile(webp))
    let jpeg = try #require(try Vips.resize(grey, width: 4, height: 4, crop: true, to: .jpeg, background: []))
    let measured = ColourProfile.channels(try CheckedImage(jpeg).placeholder)
    #expect(ColourProfile.isClose(measured, to: [128, 128, 128]), "\(measured)")
  }

  @Test("a Display P3 WebP with transparency is converted too (its alpha copied, then flattened)")
  func aDisplayP3PictureWithAlphaIsConverted() throws {
    // green-alpha.png: 4 × 4 of (30, 180, 60), opaque, with an alpha band; as a WebP, tagged Display P3.
    let png = try ImageHeaderTests.fixture("green-alpha.png")
    let webp = try #require(try Vips.resize(png, width: 8, height: 8, crop: true, to: .webp, background: []))
    let p3 = ColourProfile.webp(webp, tagged: try ColourProfile.displayP3())
    #expect(try ImageHeader(reading: p3) == ImageHeader(format: .webp, width: 8, height: 8))
    let tile = try #require(try Vips.resize(p3, width: 4, height: 4, crop: true, to: .jpeg, background: [0, 0, 0]))
    let expected = ColourProfile.srgb(fromDisplayP3: [30, 180, 60])
    let measured = ColourProfile.channels(try CheckedImage(tile).placeholder)
    #expect(ColourProfile.isClose(measured, to: expected), "\(measured), expected \(expected)")
  }

  @Test("a Display P3 picture's placeholder is its average colour in sRGB")
  func aDisplayP3PicturesPlaceholderIsInSRGB() throws {
    // green-alpha.png's (30, 180, 60) as a WebP, tagged Display P3, and as it is.
    let png = try ImageHeaderTests.fixture("green-alpha.png")
    let webp = try #require(try Vips.resize(png, width: 8, height: 8, crop: true, to: .webp, background: []))
    let p3 = ColourProfile.webp(webp, tagged: try ColourProfile.displayP3())
    let expected = ColourProfile.srgb(fromDisplayP3: [30, 180, 60])
    let placeholder = ColourProfile.channels(try CheckedImage(p3).placeholder)
    #expect(ColourProfile.isClose(placeholder, to: expected), "\(placeholder), expected \(expected)")
    let untagged = ColourProfile.channels(try CheckedImage(webp).placeholder)
    #expect(ColourProfile.isClose(untagged, to: [30, 180, 60]), "\(untagged)")
  }

  @Test("each profile's transform is kept for the next picture, and past the kept ones made each time: same tiles")
  func manyProfilesGiveTheSameTiles() throws {
    // Ten copies of the Display P3 profile differing only in their creation date: the same colours, ten
    // profiles to lcms; more than CVips keeps transforms for (8).
    let stripes = try ImageHeaderTests.fixture("stripes.jpg")
    let p3 = try ColourProfile.displayP3()
    let tile = { (profile: [UInt8]) in
      try Vips.resize(
        ColourProfile.jpeg(stripes, tagged: profile), width: 45, height: 30, crop: true, to: .jpeg, background: [])
    }
    let first = try #require(try tile(p3))
    for day in UInt8(1)...10 {
      #expect(try tile(ColourProfile.redated(p3, day)) == first, "day \(day)")
    }
    #expect(try tile(p3) == first)
  }

  @Test("the same picture without a profile keeps its values in a JPEG tile")
  func aPictureWithoutAProfileKeepsItsValues() throws {
    let tile = try #require(
      try Vips.resize(
        ImageHeaderTests.fixture("stripes.jpg"), width: 10, height: 20, crop: true, to: .jpeg, background: []))
    let measured = ColourProfile.channels(try CheckedImage(tile).placeholder)
    #expect(ColourProfile.isClose(measured, to: Self.green), "\(measured)")
  }

  @Test(
    "a JPEG tile of a picture without a profile is byte for byte what it was before tiles were converted",
    arguments: [
      // (source, width, height, crop, quality, SHA-256 of the tile made by 4ed4eee, before the conversion)
      ("flex.jpg", 231, 273, true, 65, "f2de0cefb984dd99402f03253d0241d0e5e09958a5b9caca22a6549eed867442"),
      ("flex.jpg", 154, 182, false, 70, "faebf4f7e34c2e3ac01e8a5de5ea891ebf92ae0ce847e894a3a99ad0a32c26ca"),
      ("stripes.jpg", 45, 15, true, 75, "68bdbdccb92b2bf276d9094e125e850be21255ff3a05881bb65aeee15343073f"),
      ("halves.png", 16, 6, false, 75, "367878fcb2b5f72e6b0e8c65aca2d8da59a918d23296a969aaa8cbdd9929f342"),
    ])
  func aPictureWithoutAProfileIsResizedAsBefore(
    source: String, width: Int, height: Int, crop: Bool, quality: Int, digest: String
  ) throws {
    let bytes = source == "flex.jpg" ? try ImageHeaderTests.photo("flex") : try ImageHeaderTests.fixture(source)
    #expect(!ColourProfile.carriesProfile(bytes))
    let tile = try #require(
      try Vips.resize(
        bytes, width: width, height: height, crop: crop, to: .jpeg, jpegQuality: quality, background: [10, 20, 30]))
    #expect(SHA256.hexDigest(tile) == digest)
  }

  @Test("a reference photo's JPEG tile differs from the same photo's pixels read as sRGB")
  func aReferencePhotosTileIsConverted() throws {
    let reset = try ImageHeaderTests.photo("reset")
    #expect(ColourProfile.carriesProfile(reset), "reset.jpg is a Display P3 photo")
    let untagged = ColourProfile.withoutProfile(reset)
    #expect(!ColourProfile.carriesProfile(untagged))
    let converted = try #require(
      try Vips.resize(reset, width: 231, height: 273, crop: true, to: .jpeg, background: []))
    let asSRGB = try #require(
      try Vips.resize(untagged, width: 231, height: 273, crop: true, to: .jpeg, background: []))
    #expect(SHA256.hexDigest(converted) != SHA256.hexDigest(asSRGB))
  }
}
