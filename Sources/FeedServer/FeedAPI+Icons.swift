import FeedStore
import HTTPServer

extension FeedAPI {
  /// `GET /v1/icons/{name}[?v=VERSION]`: the bundled icon `name` (`BundledIcons`) as `image/svg+xml`, tagged with
  /// its version; with the icon's current version as `v` (the URL an image node links to) it never changes, so it
  /// is `Cache-Control: public, max-age=31536000, immutable`, else `no-cache`. 404 for a name no icon has. It never
  /// needs a token: the browser fetches it for the page without one.
  static func icon(named name: String, _ query: inout Query) throws(Problem) -> HTTPResponse {
    let version = try query.value(of: "v")
    try query.finish()
    guard let icon = BundledIcons.named[name] else {
      let names = BundledIcons.named.keys.sorted().joined(separator: ", ")
      throw Problem(status: 404, detail: "there is no icon \"\(name)\" (the icons: \(names))")
    }
    let cache = version == icon.version ? "public, max-age=31536000, immutable" : "no-cache"
    return .ok(
      icon.svg, type: BundledIcons.mediaType,
      headers: [HTTPField("ETag", "\"\(icon.version)\""), HTTPField("Cache-Control", cache)])
  }
}
