import FeedStore
import Foundation
import HTTPServer
import ImageCore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// The colour of the resized images the API answers: an uploaded Display P3 picture's JPEG tile converted to
/// sRGB (its WebP keeps the values and the profile), and a JPEG tile made before that conversion never
/// revalidated by its old `ETag`. Colours are measured as ``CheckedImage``'s average, in sRGB.
@Suite("FeedAPI: the colour of image tiles", .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
struct ImageColourTests {
  /// stripes.jpg's green third, (30, 200, 31), which a 10 × 20 cover tile of its 90 × 60 keeps.
  static let green: [Double] = [30, 200, 31]

  @Test(
    "an uploaded Display P3 picture's JPEG tile is in sRGB; its WebP keeps the profile, which says the same",
    arguments: Backend.available)
  func anUploadedDisplayP3PictureIsConverted(backend: Backend) throws {
    let api = try TestAPI(backend)
    let stripes = [UInt8](try Data(contentsOf: ImageRouteTests.fixtures.appendingPathComponent("stripes.jpg")))
    let p3 = ColourProfile.jpeg(stripes, tagged: try ColourProfile.displayP3())
    #expect(ImageRouteTests.put(api, "p3", p3).status == 201)
    let version = try #require(try Images.versionOf("p3", api))
    let jpeg = api.get("/v1/images/p3?v=\(version)&w=10&h=20&scale=1&r=2&format=jpeg")
    #expect(jpeg.status == 200 && !ColourProfile.carriesProfile(jpeg.body))
    let expected = ColourProfile.srgb(fromDisplayP3: Self.green)
    let measured = ColourProfile.channels(try CheckedImage(jpeg.body).placeholder)
    #expect(ColourProfile.isClose(measured, to: expected), "\(measured), expected \(expected)")
    let webp = api.get("/v1/images/p3?v=\(version)&w=10&h=20&scale=1&r=2&format=webp")
    #expect(webp.status == 200 && ColourProfile.carriesProfile(webp.body))
    let kept = ColourProfile.channels(try CheckedImage(webp.body).placeholder)  // read through its profile
    #expect(ColourProfile.isClose(kept, to: expected), "\(kept), expected \(expected)")
  }

  @Test("a JPEG tile's ETag names the revision of how tiles are made: the tag of one made before is not 304")
  func aTileMadeBeforeTheConversionIsNotRevalidated() throws {
    let api = try TestAPI()
    let version = try #require(try Images.versionOf("reset", api))  // a Display P3 photo
    let path = "/v1/images/reset?v=\(version)&w=77&h=91&fit=cover&scale=3&r=2&format=jpeg"
    let made = api.get(path)
    let tag = try #require(made.header("ETag"))
    #expect(tag == "\"\(version)-77x91-cover-3-r2.jpeg\"")
    let before = "\"\(version)-77x91-cover-3.jpeg\""  // the ETag of the unconverted tile
    let revalidated = api.get(path, headers: [HTTPField("If-None-Match", before)])
    #expect(revalidated.status == 200 && revalidated.body == made.body && revalidated.header("ETag") == tag)
    #expect(api.get(path, headers: [HTTPField("If-None-Match", tag)]).status == 304)
  }

  @Test(
    "the URLs handed out name the revision: a URL from before it (no r, or another) answers the new tile, not immutable"
  )
  func aURLFromBeforeTheRevisionIsNotImmutable() throws {
    let api = try TestAPI()
    let version = try #require(try Images.versionOf("reset", api))
    let page = api.get("/v1/render?limit=20&scale=3").text
    #expect(page.contains("/v1/images/reset?v=\(version)&w=") && page.contains("&scale=3&r=2\""), "\(page.prefix(400))")
    let current = api.get("/v1/images/reset?v=\(version)&w=77&h=91&scale=3&r=2&format=jpeg")
    #expect(current.header("Cache-Control") == "public, max-age=31536000, immutable")
    for old in ["", "&r=1"] {  // a browser kept the tile of such a URL as immutable: its page now links another
      let before = api.get("/v1/images/reset?v=\(version)&w=77&h=91&scale=3\(old)&format=jpeg")
      #expect(before.status == 200 && before.body == current.body, "\(old)")
      #expect(before.header("ETag") == current.header("ETag"), "\(old)")
      #expect(before.header("Cache-Control") == "public, no-cache", "\(old)")
    }
  }
}
