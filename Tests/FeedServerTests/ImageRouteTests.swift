import FeedStore
import Foundation
import HTTPServer
import ImageCore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// `PUT`, `GET`, `DELETE /v1/images/{name}` and `GET /v1/images` in process on each backend: every kind of bad
/// upload refused with nothing stored, uploads replaced and deleted, resized answers decoded and measured,
/// ETags and 304, the caching of versioned URLs.
@Suite("FeedAPI: images")
struct ImageRouteTests {
  static let fixtures = RepositoryFiles.root.appendingPathComponent("Tests/ImageCoreTests/Fixtures")

  static func fixture(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
  }

  static func photo(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Seeds/account/images/\(name).jpg")))
  }

  /// `PUT /v1/images/{name}` of `bytes` from `caller`.
  static func put(
    _ api: TestAPI, _ name: String, _ bytes: [UInt8], as caller: Caller = .admin, headers: [HTTPField] = []
  ) -> HTTPResponse {
    var request = TestAPI.request("PUT", "/v1/images/\(name)", headers: headers)
    request.body = bytes
    return api.api.respond(to: request, as: caller)
  }

  /// The names `GET /v1/images` lists.
  static func names(_ api: TestAPI) throws -> [String] {
    let images = try #require(try api.get("/v1/images?limit=500").json()["images"] as? [[String: Any]])
    return images.compactMap { $0["name"] as? String }
  }

  static let bundled = [
    "flex", "functional-female", "functional-male", "hoodie", "must-have", "raise", "reset", "shorts", "top",
    "tshirt",
  ]

  @Test("every bad upload is refused with its status and nothing is stored", arguments: Backend.available)
  func badUploadsStoreNothing(backend: Backend) throws {
    let api = try TestAPI(backend)
    let photo = try Self.photo("tshirt")
    let cases: [(String, [UInt8], Int)] = [
      ("zero bytes", [], 415),
      ("text", Array("just some text".utf8), 415),
      ("a GIF", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], 415),
      ("a PDF", Array("%PDF-1.4\n".utf8), 415),
      ("a truncated JPEG", Array(photo.prefix(photo.count / 2)), 422),
      ("a JPEG without its end", Array(photo.dropLast(2)), 422),
      ("a header alone", Array(photo.prefix(600)), 422),
      ("a PNG bomb", try Self.fixture("bomb.png"), 413),
      ("huge dimensions", Self.png(width: 100_000, height: 10), 413),
      ("too many bytes", [0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0, count: ImageLimits.bytes), 413),
    ]
    for (what, bytes, status) in cases {
      let answer = Self.put(api, "bad", bytes, headers: [HTTPField("Content-Type", "image/jpeg")])
      #expect(answer.status == status, "\(what): \(answer.text)")
      #expect(answer.header("Content-Type")?.hasPrefix("application/problem+json") == true, "\(what)")
    }
    var tooLong = TestAPI.request("PUT", "/v1/images/bad")
    tooLong.bodyExceedsLimit = true
    #expect(api.api.respond(to: tooLong, as: .admin).status == 413, "a body the server did not read")
    #expect(api.get("/v1/images/bad").status == 404)
    #expect(try Self.names(api) == Self.bundled, "nothing stored")
    #expect(try api.database.query("SELECT count(*) FROM images") == "10")
  }

  @Test("an upload is 201, a replacement 200 with a new version, a delete 204", arguments: Backend.available)
  func putReplaceDelete(backend: Backend) throws {
    let api = try TestAPI(backend)
    let png = try Self.fixture("halves.png")
    let created = Self.put(api, "halves", png)
    #expect(created.status == 201, "\(created.text)")
    #expect(created.header("Location") == "/v1/images/halves")
    let document = try created.json()
    let version = ImageInfo.version(of: png)
    #expect(document["version"] as? String == version)
    #expect(document["type"] as? String == "image/png", "sniffed, whatever the Content-Type")
    #expect(document["width"] as? Int == 8 && document["height"] as? Int == 6)
    #expect(document["url"] as? String == "/v1/images/halves?v=\(version)")
    if OptionalLibrary.vips.isInstalled { #expect(document["placeholder"] as? String == "#782878") }
    let original = api.get("/v1/images/halves?v=\(version)")
    #expect(original.status == 200 && original.body == png)
    #expect(original.header("Content-Type") == "image/png")
    #expect(original.header("Cache-Control") == "public, max-age=31536000, immutable")

    let webp = try Self.fixture("halves.webp")
    let replaced = Self.put(api, "halves", webp)
    #expect(replaced.status == 200)
    #expect(try replaced.json()["type"] as? String == "image/webp")
    #expect(api.get("/v1/images/halves").body == webp)
    let stale = api.get("/v1/images/halves?v=\(version)")
    #expect(stale.body == webp, "an old version's URL answers the image as it is now")
    #expect(stale.header("Cache-Control") == "public, no-cache", "but never as immutable")

    #expect(Self.put(api, "x", png, as: .user("default", .write)).status == 403)
    #expect(api.send("DELETE", "/v1/images/halves", as: .user("default", .write)).status == 403)
    #expect(api.get("/v1/images/halves", method: "DELETE").status == 401)
    #expect(api.send("DELETE", "/v1/images/halves", as: .admin).status == 204)
    #expect(api.get("/v1/images/halves").status == 404)
    #expect(api.send("DELETE", "/v1/images/halves", as: .admin).status == 404)
    #expect(try Self.names(api) == Self.bundled)
  }

  @Test("conditional writes: If-None-Match: * creates only, If-Match needs the current tag")
  func conditionalWrites() throws {
    let api = try TestAPI()
    let png = try Self.fixture("halves.png")
    #expect(Self.put(api, "halves", png, headers: [HTTPField("If-None-Match", "*")]).status == 201)
    #expect(Self.put(api, "halves", png, headers: [HTTPField("If-None-Match", "*")]).status == 412)
    let tag = try #require(api.get("/v1/images/halves").header("ETag"))
    #expect(Self.put(api, "halves", png, headers: [HTTPField("If-Match", #""0000""#)]).status == 412)
    #expect(Self.put(api, "halves", png, headers: [HTTPField("If-Match", tag)]).status == 200)
    var delete = TestAPI.request("DELETE", "/v1/images/halves", headers: [HTTPField("If-Match", #""0000""#)])
    #expect(api.api.respond(to: delete, as: .admin).status == 412)
    delete.headers = [HTTPField("If-Match", tag)]
    #expect(api.api.respond(to: delete, as: .admin).status == 204)
  }

  @Test(
    "a resized answer has exactly W×scale by H×scale pixels, in the format asked or accepted",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote), arguments: Backend.available)
  func resizedAnswersAreMeasured(backend: Backend) throws {
    let api = try TestAPI(backend)
    let version = try #require(try Images.versionOf("tshirt", api))
    let cases: [(String, [HTTPField], ImageFormat, Int, Int)] = [
      ("w=77&h=91&fit=cover&scale=3", [], .jpeg, 231, 273),
      ("w=77&h=91&fit=cover&scale=3", [HTTPField("Accept", "image/webp,*/*;q=0.8")], .webp, 231, 273),
      ("w=77&h=91&fit=cover&scale=3", [HTTPField("Accept", "image/avif;q=0,image/webp")], .webp, 231, 273),
      ("w=77&h=91&fit=cover&scale=3", [HTTPField("Accept", "image/webp;q=0")], .jpeg, 231, 273),
      ("w=77&h=91&scale=1&format=webp", [], .webp, 77, 91),
      ("w=358&h=434&fit=contain", [], .jpeg, 716, 868),
      ("w=200&h=50&fit=contain&scale=2&format=webp", [], .webp, 400, 100),
      ("w=1024&h=1024&scale=3", [], .jpeg, 3072, 3072),
    ]
    for (query, headers, format, width, height) in cases {
      let answer = api.get("/v1/images/tshirt?v=\(version)&\(query)&r=2", headers: headers)
      #expect(answer.status == 200, "\(query): \(answer.text)")
      #expect(
        try ImageHeader(reading: answer.body) == ImageHeader(format: format, width: width, height: height), "\(query)")
      #expect(answer.header("Content-Type") == format.mediaType)
      #expect(answer.header("Cache-Control") == "public, max-age=31536000, immutable")
      #expect(answer.header("Vary") == (query.contains("format=") ? nil : "Accept"), "\(query)")
    }
    let tile = api.get("/v1/images/tshirt?v=\(version)&w=77&h=91&fit=cover&scale=3&r=2")
    #expect(tile.body.count * 10 < (try Self.photo("tshirt")).count, "a tile is a fraction of the original")
  }

  @Test(
    "a JPEG tile's quality falls with its scale: 75, 70, 65",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote),
    arguments: [(1, 75), (2, 70), (3, 65)])
  func jpegQualityByScale(scale: Int, quality: Int) throws {
    let api = try TestAPI()
    let version = try #require(try Images.versionOf("reset", api))
    let tile = api.get("/v1/images/reset?v=\(version)&w=77&h=91&scale=\(scale)&format=jpeg")
    #expect(tile.status == 200)
    // libjpeg scales its standard luminance table (DC step 16) by 200 - 2 × quality percent, rounded.
    #expect(Self.luminanceDCStep(tile.body) == (16 * (200 - 2 * quality) + 50) / 100)
  }

  /// The DC step of a JPEG's first quantisation table (its first `DQT` segment's first value), or nil.
  static func luminanceDCStep(_ jpeg: [UInt8]) -> Int? {
    var at = 2
    while at + 5 < jpeg.count, jpeg[at] == 0xFF {
      if jpeg[at + 1] == 0xDB { return Int(jpeg[at + 5]) }  // marker, length (2), precision and table id
      at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
    }
    return nil
  }

  /// The width and height an AVIF file's `ispe` box (ISO/IEC 23008-12's image spatial extents) declares.
  static func avifSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let box = Array("ispe".utf8)
    guard let at = bytes.indices.dropLast(16).first(where: { Array(bytes[$0..<$0 + 4]) == box }) else { return nil }
    func long(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (long(at + 8), long(at + 12))  // after the box type, 4 bytes of version and flags
  }

  @Test(
    "AVIF where libvips writes it: asked by Accept (before WebP) or format, of exactly the pixels asked",
    .requires(
      OptionalLibrary.vips.isInstalled && Vips.writesAVIF,
      "needs libvips42 with libheif1's AV1 encoder (libaom3), as Debian 12 installs them"),
    arguments: Backend.available)
  func avif(backend: Backend) throws {
    let api = try TestAPI(backend)
    let version = try #require(try Images.versionOf("tshirt", api))
    let browser = [HTTPField("Accept", "image/avif,image/webp,image/apng,image/*,*/*;q=0.8")]  // Chromium's
    for (query, headers, width, height) in [
      ("w=77&h=91&scale=3", browser, 231, 273), ("w=40&h=20&fit=contain&scale=2&format=avif", [], 80, 40),
    ] {
      let answer = api.get("/v1/images/tshirt?v=\(version)&\(query)&r=2", headers: headers)
      #expect(answer.status == 200, "\(query): \(answer.text)")
      #expect(answer.header("Content-Type") == "image/avif", "\(query)")
      #expect(Array(answer.body[4..<12]) == Array("ftypavif".utf8), "\(query): an AVIF file")
      #expect(Self.avifSize(answer.body)?.width == width && Self.avifSize(answer.body)?.height == height, "\(query)")
      #expect(answer.header("ETag")?.hasSuffix(".avif\"") == true, "\(query)")
      #expect(answer.header("Vary") == (headers.isEmpty ? nil : "Accept"), "\(query)")
    }
    let webp = api.get("/v1/images/tshirt?v=\(version)&w=77&h=91&scale=3&r=2&format=webp")
    let avif = api.get("/v1/images/tshirt?v=\(version)&w=77&h=91&scale=3&r=2", headers: browser)
    #expect(avif.body.count < webp.body.count, "AVIF \(avif.body.count) B, WebP \(webp.body.count) B")
  }

  @Test(
    "a kept variant at its versioned URL is answered without reading the store; any other URL reads it",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func keptVariantsNeedNoRead() throws {
    let api = try TestAPI()
    api.api.imageVariants = ImageVariants(budget: 4 << 20, revalidateAfter: .seconds(3600))
    let version = try #require(try Images.versionOf("hoodie", api))
    let tile = "/v1/images/hoodie?v=\(version)&w=77&h=91&scale=3&r=2&format=jpeg"
    let made = api.get(tile)
    #expect(made.status == 200 && api.imageVariantsHeld == 1)
    // The store gone: a read would be 503.
    try api.setDatabaseAvailable(false)
    defer { try? api.setDatabaseAvailable(true) }
    let kept = api.get(tile)
    #expect(kept.status == 200 && kept.body == made.body && kept.header("ETag") == made.header("ETag"))
    #expect(kept.header("Cache-Control") == "public, max-age=31536000, immutable")
    #expect(api.get(tile, headers: [HTTPField("If-None-Match", made.header("ETag") ?? "")]).status == 304)
    for other in [
      "/v1/images/hoodie?w=77&h=91&scale=3&format=jpeg", "/v1/images/hoodie?v=\(version)&w=77&h=91&scale=2&r=2",
      "/v1/images/hoodie?v=\(version)",
    ] {
      #expect(api.get(other).status == 503, "\(other): not kept, so read")
    }
  }

  @Test(
    "ETags are strong, of the version and the parameters; If-None-Match is 304; variants are kept",
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func entityTagsAndVariants() throws {
    let api = try TestAPI()
    let version = try #require(try Images.versionOf("hoodie", api))
    let path = "/v1/images/hoodie?v=\(version)&w=77&h=91&fit=cover&scale=2&r=2&format=jpeg"
    let first = api.get(path)
    let tag = try #require(first.header("ETag"))
    #expect(tag == "\"\(version)-77x91-cover-2-r2.jpeg\"")
    #expect(api.imageVariantsHeld == 1)
    let again = api.get(path)
    #expect(again.body == first.body && again.header("ETag") == tag)
    #expect(api.imageVariantsHeld == 1, "the second answer is the kept one")
    let notModified = api.get(path, headers: [HTTPField("If-None-Match", tag)])
    #expect(notModified.status == 304 && notModified.body.isEmpty)
    #expect(notModified.header("ETag") == tag)
    #expect(notModified.header("Cache-Control") == "public, max-age=31536000, immutable")
    let other = api.get(path.replacingOccurrences(of: "scale=2", with: "scale=3"))
    #expect(other.header("ETag") != tag)
    let otherTag = try #require(other.header("ETag"))
    #expect(api.get(path, headers: [HTTPField("If-None-Match", otherTag)]).status == 200)
    // A write elsewhere in the store leaves the variants: they are of the image's version.
    #expect(api.send("POST", "/v1/feed-items", as: .admin, json: #"{"title": "Fresh"}"#).status == 201)
    #expect(api.imageVariantsHeld == 2)
  }

  @Test(arguments: [
    ("w=0&h=10", "w"), ("w=1025&h=10", "w"), ("w=10&h=99999", "h"), ("w=10", "h"), ("h=10", "w"),
    ("w=10&h=10&scale=4", "scale"), ("w=10&h=10&scale=0", "scale"), ("w=10&h=10&fit=fill", "fit"),
    ("w=10&h=10&format=gif", "format"), ("fit=cover", "fit"), ("scale=2", "scale"), ("format=webp", "format"),
    ("w=10&h=10&size=big", "size"), ("w=10&h=10&r=0", "r"), ("w=10&h=10&r=two", "r"), ("r=2", "r"),
  ])
  func sizesOutOfBoundsAre400NamingTheParameter(query: String, parameter: String) throws {
    let api = try TestAPI()
    let answer = api.get("/v1/images/tshirt?\(query)")
    #expect(answer.status == 400, "\(query)")
    #expect(try answer.json()["parameter"] as? String == parameter, "\(query): \(answer.text)")
  }

  @Test(
    "without libvips42, a resize answers the stored bytes, never for long",
    .enabled(if: !OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.installedNote))
  func withoutLibvipsAResizeAnswersTheStoredBytes() throws {
    let api = try TestAPI()
    let version = try #require(try Images.versionOf("tshirt", api))
    let answer = api.get(
      "/v1/images/tshirt?v=\(version)&w=77&h=91&scale=3&r=2", headers: [HTTPField("Accept", "image/webp")])
    #expect(answer.status == 200)
    #expect(answer.body == (try Self.photo("tshirt")))
    #expect(answer.header("Content-Type") == "image/jpeg")
    #expect(answer.header("Cache-Control") == "public, no-cache")
    #expect(answer.logNote?.contains("apt-get install libvips42") == true)
  }

  @Test("a JPEG stored sideways with an Exif orientation is listed, linked and served upright")
  func turnedPhotosAreUpright() throws {
    let api = try TestAPI()
    let turned = ExifOrientation.jpeg(try Self.fixture("stripes.jpg"), 8)  // 90 × 60 stored, 60 × 90 shown
    let stored = try Self.put(api, "turned", turned).json()
    #expect(stored["width"] as? Int == 60 && stored["height"] as? Int == 90)
    guard OptionalLibrary.vips.isInstalled else { return }
    let tile = api.get("/v1/images/turned?w=20&h=30&fit=contain&scale=3&format=webp")
    #expect(tile.status == 200)
    #expect(try ImageHeader(reading: tile.body) == ImageHeader(format: .webp, width: 60, height: 90))
    // Thirds red, green, blue from the left as stored; orientation 8 turns them a quarter anticlockwise, into
    // rows: a band across the middle of the upright picture is all green (as stored it would hold all three).
    let band = api.get("/v1/images/turned?w=20&h=3&scale=3&format=jpeg")
    let colour = try CheckedImage(band.body).placeholder.dropFirst()
    let (red, green, blue) = (
      Int(colour.prefix(2), radix: 16) ?? 0, Int(colour.dropFirst(2).prefix(2), radix: 16) ?? 0,
      Int(colour.dropFirst(4), radix: 16) ?? 0
    )
    #expect(green > 150 && red < 80 && blue < 80, "\(colour)")
  }

  @Test func unknownImagesAre404AndTheOtherMethods405() throws {
    let api = try TestAPI()
    #expect(api.get("/v1/images/nobody").status == 404)
    #expect(api.get("/v1/images/nobody?w=10&h=10").status == 404)
    let post = api.get("/v1/images/tshirt", method: "POST")
    #expect(post.status == 405 && post.header("Allow") == "GET, HEAD, PUT, DELETE")
    #expect(api.get("/v1/images", method: "PUT").header("Allow") == "GET, HEAD")
  }

  @Test func theListIsPagedByName() throws {
    let api = try TestAPI()
    let first = try api.get("/v1/images?limit=4").json()
    let page = try #require(first["images"] as? [[String: Any]])
    #expect(page.compactMap { $0["name"] as? String } == Array(Self.bundled.prefix(4)))
    #expect(first["next"] as? String == "hoodie")
    let last = try api.get("/v1/images?limit=4&after=shorts").json()
    #expect((last["images"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["top", "tshirt"])
    #expect(last["next"] is NSNull)
  }
}

extension Images {
  /// The version of the image `name` the API lists.
  static func versionOf(_ name: String, _ api: TestAPI) throws -> String? {
    let images = try api.get("/v1/images?limit=500").json()["images"] as? [[String: Any]]
    return images?.first { $0["name"] as? String == name }?["version"] as? String
  }
}

extension TestAPI {
  /// How many resized images the API keeps.
  var imageVariantsHeld: Int { api.imageVariants.holding.count }
}

extension ImageRouteTests {
  /// The first bytes of a PNG declaring `width` × `height` (its IHDR chunk; nothing to decode).
  static func png(width: Int, height: Int) -> [UInt8] {
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
      + bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
  }
}
