import FeedPlugins
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// How long a kept variant answers (``ImageVariants``; docs/HTTP.md, "Images"), in process on each backend: a
/// `DELETE` stops every URL of the image at once, a replacement lets go of the old version's variants, and a
/// write of another server is seen once the variants' trust runs out (``ImageVariants/revalidateAfter``).
@Suite(
  "FeedAPI: kept image variants",
  .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
struct ImageVariantsTests {
  /// An API over a new database on `backend` whose variants are trusted for an hour: only a write or a read
  /// that shows the image changed makes them go.
  static func api(_ backend: Backend) throws -> TestAPI {
    let api = try TestAPI(backend)
    api.api.imageVariants = ImageVariants(budget: 4 << 20, revalidateAfter: .seconds(3600))
    return api
  }

  /// The URLs of the image `name` at `version`: two kept tiles, its stored bytes, a tile without the version.
  static func urls(_ name: String, _ version: String) -> [String] {
    [
      "/v1/images/\(name)?v=\(version)&w=77&h=91&scale=3&r=2&format=jpeg",
      "/v1/images/\(name)?v=\(version)&w=77&h=91&scale=2&r=2&format=webp",
      "/v1/images/\(name)?v=\(version)", "/v1/images/\(name)?w=77&h=91&scale=3&format=jpeg",
    ]
  }

  @Test(
    "a DELETE lets go of the image's kept variants: none of its URLs answers, at once", arguments: Backend.available)
  func deletedImagesStopAnswering(backend: Backend) throws {
    let api = try Self.api(backend)
    let version = try #require(try Images.versionOf("hoodie", api))
    let urls = Self.urls("hoodie", version)
    for url in urls { #expect(api.get(url).status == 200, "\(url)") }
    #expect(api.imageVariantsHeld == 2, "the two sizes (the third URL asked the first again)")
    #expect(api.send("DELETE", "/v1/images/hoodie", as: .admin).status == 204)
    #expect(api.imageVariantsHeld == 0)
    for url in urls { #expect(api.get(url).status == 404, "\(url)") }
    #expect(api.imageVariantsHeld == 0)
  }

  @Test(
    "a replacement lets go of the old version's variants; an old URL answers the picture as it is now, not immutable",
    arguments: Backend.available)
  func replacedImagesLetGo(backend: Backend) throws {
    let api = try Self.api(backend)
    let old = try #require(try Images.versionOf("hoodie", api))
    let oldTile = Self.urls("hoodie", old)[0]
    let before = api.get(oldTile)
    #expect(before.status == 200 && api.imageVariantsHeld == 1)
    #expect(ImageRouteTests.put(api, "hoodie", try ImageRouteTests.photo("tshirt")).status == 200)
    #expect(api.imageVariantsHeld == 0, "the old version's variant is let go")
    let new = try #require(try Images.versionOf("hoodie", api))
    let newTile = api.get(Self.urls("hoodie", new)[0])
    #expect(newTile.status == 200 && newTile.body != before.body)
    #expect(newTile.header("Cache-Control") == "public, max-age=31536000, immutable")
    let stale = api.get(oldTile)
    #expect(stale.status == 200 && stale.body == newTile.body, "the old URL answers the picture as it is now")
    #expect(stale.header("Cache-Control") == "public, no-cache")
    #expect(api.imageVariantsHeld == 1, "only the new version's tile is kept")
  }

  @Test(
    "another server's DELETE: its kept variants answer without a read until their trust runs out, then 404",
    arguments: Backend.available)
  func anotherServersDelete(backend: Backend) throws {
    let api = try Self.api(backend)
    let location = StoreLocation.resolve(option: api.database.argument, environment: [:])
    let other = FeedAPI(
      location: location, registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt,
      zoneNamed: { TimeZone(identifier: $0) })
    var revalidating = api.api
    revalidating.imageVariants = ImageVariants(budget: 4 << 20, revalidateAfter: .zero)
    let version = try #require(try Images.versionOf("hoodie", api))
    let tile = Self.urls("hoodie", version)[0]
    #expect(api.get(tile).status == 200)
    #expect(revalidating.respond(to: TestAPI.request("GET", tile)).status == 200)
    #expect(other.respond(to: TestAPI.request("DELETE", "/v1/images/hoodie"), as: .admin).status == 204)
    #expect(api.get(tile).status == 200, "trusted for an hour: answered without a read")
    #expect(revalidating.respond(to: TestAPI.request("GET", tile)).status == 404, "trust run out: read, gone")
    #expect(revalidating.imageVariants.holding.count == 0)
  }

  @Test("a read that shows the image gone or replaced lets go of its variants, even while they are trusted")
  func readsConfirm() throws {
    let api = try Self.api(.sqlite)
    let version = try #require(try Images.versionOf("hoodie", api))
    #expect(api.get(Self.urls("hoodie", version)[0]).status == 200)
    let location = StoreLocation.resolve(option: api.database.argument, environment: [:])
    let other = FeedAPI(
      location: location, registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt,
      zoneNamed: { TimeZone(identifier: $0) })
    #expect(other.respond(to: TestAPI.request("DELETE", "/v1/images/hoodie"), as: .admin).status == 204)
    #expect(api.imageVariantsHeld == 1)
    #expect(api.get("/v1/images/hoodie?w=77&h=91&scale=3&format=jpeg").status == 404, "a URL that reads")
    #expect(api.imageVariantsHeld == 0)
    #expect(api.get(Self.urls("hoodie", version)[0]).status == 404)
  }
}
