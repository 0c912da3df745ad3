import FeedStore
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// Images under `serve --require-auth`, in process: a URL naming an image's current version is public (a
/// browser's `<img>` sends no token), every other image URL and the list need a token.
@Suite("FeedAPI: images under --require-auth")
struct ImageAccessTests {
  /// The `url` of every image node of `document` (a `stackfeed.render/1` value), at any depth.
  static func urls(in value: Any) -> [String] {
    switch value {
    case let object as [String: Any]:
      ((object["url"] as? String).map { [$0] } ?? []) + object.values.flatMap(urls(in:))
    case let array as [Any]: array.flatMap(urls(in:))
    default: []
    }
  }

  @Test(
    "the image URLs of a page rendered for a token answer without one; other image URLs need it",
    // Without libvips a sized URL answers the stored bytes, `public, no-cache`: not the immutable variant.
    .requires(OptionalLibrary.vips.isInstalled, OptionalLibrary.vips.skipNote))
  func versionedURLsArePublic() throws {
    let api = try TestAPI()
    api.api.requireAuth = true
    let token = try api.token(for: "default")
    let page = api.get("/v1/render?limit=20&scale=3", token: token)
    #expect(page.status == 200)
    let links = Self.urls(in: try page.json()).filter { $0.hasPrefix("/v1/images/") }
    #expect(links.count >= 10, "the reference feed's image nodes")
    for link in links {
      let answer = api.get(link)
      #expect(answer.status == 200, "\(link): \(answer.text)")
      #expect(answer.header("Cache-Control") == "public, max-age=31536000, immutable", "\(link)")
      #expect(answer.header("Content-Type")?.hasPrefix("image/") == true, "\(link)")
    }
    let listed = try api.get("/v1/images?limit=500", token: token).json()["images"] as? [[String: Any]]
    let version = try #require(listed?.first { $0["name"] as? String == "tshirt" }?["version"] as? String)
    let refused = [
      "/v1/images/tshirt", "/v1/images/tshirt?w=77&h=91", "/v1/images/tshirt?v=0000000000000000",
      "/v1/images/nothing?v=\(version)", "/v1/images",
    ]
    for target in refused {
      let answer = api.get(target)
      #expect(answer.status == 401, "\(target): the name alone, another version, another name, the list")
      #expect(answer.header("WWW-Authenticate") == "Bearer", "\(target)")
      #expect(api.get(target, token: token).status == (target.contains("nothing") ? 404 : 200), "\(target)")
    }
    #expect(api.get("/v1/images/tshirt?v=\(version)").status == 200)
  }
}
