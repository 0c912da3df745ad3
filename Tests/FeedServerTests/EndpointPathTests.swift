import Testing

@testable import FeedServer

/// `Endpoint(path:)`, the core's paths read from a request's decoded path: every fixed path, and the
/// parameterised ones (`/v1/images/{name}`, `/v1/icons/{name}`, `/v1/rows/{kind}/{id}`) only with each segment
/// there, not empty and without a `/` of its own.
@Suite struct EndpointPathTests {
  static let cases: [(String, Endpoint?)] = [
    ("/", .page), ("/healthz", .health), ("/v1/feed", .feed), ("/v1/me/feed", .myFeed), ("/v1/images", .images),
    ("/v1/images/photo", .image(name: "photo")), ("/v1/images/é.jpg", .image(name: "é.jpg")),
    ("/v1/images/", nil), ("/v1/images/a/b", nil), ("/v1/images//", nil), ("/v1/imagesx/photo", nil),
    ("/v1/icons/button-icon", .icon(name: "button-icon")), ("/v1/icons/", nil), ("/v1/icons/a/", nil),
    ("/v1/rows/order/42", .row(kind: "order", id: "42")), ("/v1/rows/feed_item/é", .row(kind: "feed_item", id: "é")),
    ("/v1/rows/order/", nil), ("/v1/rows//42", nil), ("/v1/rows/order/42/x", nil), ("/v1/rows/order", nil),
    ("/v1/rows/", nil), ("/v1/rows", nil), ("//v1/images/photo", nil), ("/v2/images/photo", nil),
    ("v1/images/photo", nil), ("/v1/feed/", nil), ("/V1/feed", nil), ("", nil),
  ]

  @Test("each path's endpoint, or none", arguments: cases)
  func endpoint(path: String, expected: Endpoint?) {
    #expect(Endpoint(path: path) == expected, "\(path)")
  }
}
