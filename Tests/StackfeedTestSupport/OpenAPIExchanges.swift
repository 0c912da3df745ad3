import Foundation

/// A server the OpenAPI checks talk to: the API in process (FeedServerTests) or live `stackfeed serve` processes
/// (ServeTests), each on a database holding the bundled reference feed.
public protocol ExchangingAPI {
  /// The answer to one request: `headers` as sent, `body` as sent; `requireAuth` asks a server that runs with
  /// `--require-auth`. A `HEAD` answer has no body (as on the wire), a gzipped one its gzipped bytes.
  func send(method: String, target: String, headers: [(String, String)], body: [UInt8], requireAuth: Bool) throws
    -> (status: Int, headers: [(String, String)], body: [UInt8])
  /// A new token of the user `default` with `scope` (`read`, `write`, `admin`).
  func token(scope: String) throws -> String
  /// Moves the database file away (`false`) or back (`true`): the server then cannot read it.
  func setDatabaseAvailable(_ available: Bool) throws
}

/// One request of the OpenAPI checks and its answer, as scripts/check-openapi.py reads them (one JSON object a
/// line).
public struct APIExchange {
  /// The method sent.
  public var method: String
  /// The path and query sent.
  public var target: String
  /// The header fields sent.
  public var requestHeaders: [(String, String)]
  /// The body sent.
  public var requestBody: [UInt8]
  /// The answer's status.
  public var status: Int
  /// The answer's header fields.
  public var headers: [(String, String)]
  /// The answer's body as sent.
  public var body: [UInt8]

  /// The exchange as one line of JSON.
  var jsonLine: String {
    let object: [String: Any] = [
      "method": method, "target": target, "requestHeaders": requestHeaders.map { [$0.0, $0.1] },
      "requestBody": String(decoding: requestBody, as: UTF8.self), "status": status,
      "headers": headers.map { [$0.0, $0.1] }, "body": Data(body).base64EncodedString(),
    ]
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

/// docs/openapi.json against the server: every route, with its success and error statuses, requested from an
/// ``ExchangingAPI`` and every answer checked against the document by scripts/check-openapi.py (openapi-core), so
/// the description cannot drift from the server. Run in process (FeedServerTests) and over sockets with the
/// real binary (ServeTests).
public enum OpenAPIChecks {
  /// docs/openapi.json.
  public static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/openapi.json")

  /// The paths of the document (`/v1/rows/{kind}/{id}`, …) with the methods of each, upper case.
  public static func describedRoutes() throws -> [String: Set<String>] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: document)) as? [String: Any]
    let paths = object?["paths"] as? [String: [String: Any]] ?? [:]
    let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    return paths.mapValues { item in Set(item.keys.filter(methods.contains).map { $0.uppercased() }) }
  }

  /// Who a request is from.
  enum Sender {
    case anonymous, invalid, read, write, admin
  }

  /// One request of the table; `{order}` in the target is the order placed first.
  struct Request {
    var method: String
    var target: String
    var sender: Sender
    var headers: [(String, String)]
    var body: String?
    /// A body of bytes (an image's `PUT`), sent as `application/octet-stream` unless the headers say otherwise.
    var bytes: [UInt8]?
    var requireAuth: Bool

    init(
      _ method: String, _ target: String, _ sender: Sender = .anonymous, _ headers: [(String, String)] = [],
      body: String? = nil, bytes: [UInt8]? = nil, requireAuth: Bool = false
    ) {
      self.method = method
      self.target = target
      self.sender = sender
      self.headers = headers
      self.body = body
      self.bytes = bytes
      self.requireAuth = requireAuth
    }
  }

  /// The signature and header of a PNG declaring 100,000 × 10 pixels: refused by its header (413).
  static let hugePNG: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    + [0, 1, 0x86, 0xA0, 0, 0, 0, 10, 8, 2, 0, 0, 0, 0, 0, 0, 0]

  /// A small PNG (8 × 6 pixels, Tests/ImageCoreTests/Fixtures/halves.png).
  static let png =
    (try? [UInt8](
      Data(
        contentsOf: RepositoryFiles.root.appendingPathComponent(
          "Tests/ImageCoreTests/Fixtures/halves.png")))) ?? []

  static let order = #"{"items": [{"product": "apex-hoodie", "quantity": 2}]}"#
  static let product = #"{"id": "openapi-p", "title": "Trail Runner", "image": "shoe"}"#
  static let gzip = ("Accept-Encoding", "gzip")
  static let anyTag = ("If-None-Match", "*")
  static let everyVersion = ("If-Match", "*")
  static let staleVersion = ("If-Match", #""stale""#)

  /// Reads: every path, `GET` and `HEAD`, 200 (each format and trait set, gzipped and not), 304, 400, 401, 404,
  /// 405; the shared endpoint table (``FeedAPIChecks/cases``) first.
  static let reads: [Request] =
    FeedAPIChecks.cases.map { Request("GET", $0.target) }
    + [
      "/", "/healthz", "/readyz", "/openapi.json", "/metrics", "/v1/feed", "/v1/render?limit=1", "/v1/stack",
      "/v1/rows/header/profile", "/v1/rows/planet/mars", "/v1/feed?limit=0",
    ].map { Request("HEAD", $0) }
    + ["/", "/healthz", "/openapi.json", "/v1/feed", "/v1/render", "/v1/stack", "/v1/rows/header/profile"].flatMap {
      [Request("GET", $0, .anonymous, [anyTag]), Request("GET", $0, .anonymous, [gzip, anyTag])]
    }
    + ["/", "/openapi.json", "/metrics", "/v1/feed", "/v1/render?limit=3", "/v1/stack?format=html"].map {
      Request("GET", $0, .anonymous, [gzip])
    }
    + [
      Request("GET", "/openapi.json"), Request("GET", "/openapi.json?pretty=1"),
      Request("GET", "/openapi.json?limit=1"),
      Request("GET", "/metrics"),
      Request("GET", "/v1/feed?limit=1&time_zone=Europe/Paris"),
      Request("GET", "/v1/render?format=html&system_scheme"),
      Request("GET", "/v1/render?limit=3&content_size=AX3&direction=rtl&scheme=dark"),
      Request("GET", "/v1/render?limit=100"), Request("GET", "/v1/render?format=svg&limit=2&width=320"),
      Request("GET", "/v1/render?content_size=huge"), Request("GET", "/v1/render?system_scheme"),
      Request("GET", "/v1/render?limit=3&scale=3"), Request("GET", "/v1/render?scale=4"),
      Request("GET", "/v1/rows/header/profile?scale=1"),
      Request("GET", "/v1/icons/search-icon"), Request("HEAD", "/v1/icons/search-icon"),
      Request("GET", "/v1/icons/nothing"),
      Request("GET", "/v1/icons/more-icon?v=0&w=1"),
      Request("GET", "/v1/stack?format=html&content_size=AX5&direction=rtl"),
      Request(
        "GET",
        "/v1/stack?state=transit&translation=100&own-height&card-offset=30&collapsed-height=200"
          + "&expanded-height=700&card-height=180&downward-threshold=10&upward-threshold=10&left-spacing=4"
          + "&right-spacing=4&vertical-spacing=6&limit=3&width=320&time_zone=UTC&scheme=dark"),
      Request("GET", "/v1/rows/order/8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001?content_size=AX3&pretty=1"),
      Request(
        "GET", "/v1/rows/feed_item/2f1c6b1e-0d51-4c3f-9a53-5b0a7c1e0001?direction=rtl&scheme=dark&time_zone=UTC"),
      Request("GET", "/openapi.yaml"),
      Request("POST", "/v1/feed"), Request("PUT", "/"), Request("DELETE", "/openapi.json"),
      Request("GET", "/v1/me/orders"), Request("PUT", "/v1/orders/x"), Request("GET", "/v1/feed-items"),
      Request("POST", "/v1/feed-items/x"),
      Request("GET", "/v1/changes?since=0"), Request("HEAD", "/v1/changes?since=0"),
      Request("GET", "/v1/changes?since=0", .anonymous, [anyTag]),
      Request("GET", "/v1/changes?since=0", .anonymous, [gzip]),
      Request("GET", "/v1/changes?since=0&format=svg&limit=2&width=320&scheme=dark&time_zone=UTC"),
      Request("GET", "/v1/changes?since=0&content_size=AX3&direction=rtl&pretty=1"),
      Request("GET", "/v1/changes"), Request("GET", "/v1/changes?since=x"),
      Request("GET", "/v1/changes?since=0&limit=0"),
      Request("GET", "/v1/changes?since=99999999999"), Request("HEAD", "/v1/changes?since=99999999999"),
      // Event streams that end at once (an open one would never end): refused before they start, or HEAD.
      Request("HEAD", "/v1/events"), Request("HEAD", "/v1/me/events", .read),
      Request("GET", "/v1/events?since=x"), Request("HEAD", "/v1/events?since=x"),
      Request("GET", "/v1/events?since=99999999999&width=320"), Request("GET", "/v1/me/events"),
      Request("HEAD", "/v1/me/events"), Request("GET", "/v1/me/events?since=x", .read),
    ]
    + ["/v1/products", "/v1/products?q=hood&limit=1", "/v1/products/apex-hoodie"].flatMap {
      [
        Request("GET", $0), Request("HEAD", $0), Request("GET", $0, .anonymous, [anyTag]),
        Request("GET", $0, .read, [gzip]),
      ]
    }
    + [
      Request("GET", "/v1/products?limit=2&after=arrival-shorts&pretty=1"),
      Request("GET", "/v1/products?q=arr&limit=1&after=1.14.arrival-shorts"), Request("GET", "/v1/products?q=%20"),
      Request("GET", "/v1/products?q=hood&after=x"), Request("GET", "/v1/products?limit=0"),
      Request("HEAD", "/v1/products?sort=id"), Request("GET", "/v1/products/nope"),
      Request("HEAD", "/v1/products/nope"),
      Request("GET", "/v1/products/apex-hoodie?width=3"), Request("GET", "/v1/products", requireAuth: true),
      Request("HEAD", "/v1/products/apex-hoodie", requireAuth: true), Request("PUT", "/v1/products"),
    ]
    + images

  /// The images: the list (200, 304, 400, gzipped, paged), an image as stored and resized (JPEG, WebP, by
  /// `format` or `Accept`, contain), 304, 400, 404, 405.
  static let images: [Request] = [
    Request("GET", "/v1/images"), Request("HEAD", "/v1/images"), Request("GET", "/v1/images?limit=3&pretty=1"),
    Request("GET", "/v1/images?limit=2&after=hoodie"), Request("GET", "/v1/images?limit=0"),
    Request("GET", "/v1/images", .anonymous, [anyTag]), Request("GET", "/v1/images", .anonymous, [gzip]),
    Request("GET", "/v1/images/tshirt"), Request("HEAD", "/v1/images/tshirt"),
    Request("GET", "/v1/images/tshirt?w=77&h=91&fit=cover&scale=3"),
    Request("GET", "/v1/images/tshirt?w=77&h=91&scale=1", .anonymous, [("Accept", "image/webp,*/*")]),
    Request("GET", "/v1/images/flex?w=100&h=40&fit=contain&format=webp"),
    Request("GET", "/v1/images/tshirt?w=77&h=91", .anonymous, [anyTag]),
    Request("HEAD", "/v1/images/tshirt?w=77&h=91&format=jpeg"),
    Request("GET", "/v1/images/tshirt?w=0&h=91"), Request("GET", "/v1/images/tshirt?scale=2"),
    Request("GET", "/v1/images/nobody"), Request("HEAD", "/v1/images/nobody"),
    Request("POST", "/v1/images/tshirt"), Request("DELETE", "/v1/images"),
  ]

  /// The token routes: `/v1/me` and its twins (200, 304, 400, 401), `--require-auth` (401, 200).
  static let personal: [Request] =
    ["/v1/me", "/v1/me/feed", "/v1/me/render", "/v1/me/stack"].flatMap {
      [
        Request("GET", $0, .read), Request("HEAD", $0, .read), Request("GET", $0), Request("GET", $0, .invalid),
        Request("GET", $0, .read, [anyTag]), Request("GET", $0, .read, [gzip]),
      ]
    } + [
      Request("GET", "/v1/me?limit=1", .read), Request("GET", "/v1/me/render?format=svg&limit=2", .read),
      Request("GET", "/v1/me/stack?state=expanded&pretty=1", .read), Request("GET", "/v1/me/feed?limit=0", .read),
      Request("GET", "/v1/me/render?width=0", .read), Request("GET", "/v1/me/stack?state=up", .read),
      Request("HEAD", "/v1/me", .read, [anyTag]), Request("HEAD", "/v1/me"), Request("HEAD", "/v1/me?x=1", .read),
      Request("GET", "/v1/feed", requireAuth: true), Request("GET", "/v1/feed", .read, requireAuth: true),
      Request("GET", "/v1/rows/header/profile", .invalid, requireAuth: true),
      Request("GET", "/healthz", requireAuth: true), Request("GET", "/openapi.json", requireAuth: true),
      Request("GET", "/v1/me/changes?since=0", .read), Request("HEAD", "/v1/me/changes?since=0", .read),
      Request("GET", "/v1/me/changes?since=0"), Request("GET", "/v1/me/changes?since=0", .read, [anyTag]),
      Request("GET", "/v1/changes?since=0", requireAuth: true),
      Request("GET", "/v1/users", .admin), Request("HEAD", "/v1/users", .admin),
      Request("GET", "/v1/users?limit=1&after=a&pretty=1", .admin), Request("GET", "/v1/users", .admin, [anyTag]),
      Request("GET", "/v1/users", .admin, [gzip]), Request("GET", "/v1/users", .read), Request("GET", "/v1/users"),
      Request("HEAD", "/v1/users", .read), Request("HEAD", "/v1/users"), Request("HEAD", "/v1/users", .admin, [anyTag]),
      Request("GET", "/v1/users?limit=501", .admin), Request("HEAD", "/v1/users?limit=0", .admin),
      Request("GET", "/v1/images", requireAuth: true), Request("HEAD", "/v1/images", requireAuth: true),
      Request("GET", "/v1/images/tshirt", requireAuth: true), Request("HEAD", "/v1/images/tshirt", requireAuth: true),
      Request("GET", "/v1/images/tshirt?w=10&h=10", .read, requireAuth: true),
    ]

  /// The writes: every plugin route of the built-in binary with its statuses (201, 200, 204, 400, 401, 403, 404,
  /// 409, 412, 413, 415, 422, 428), in an order that makes each one possible.
  static let writes: [Request] = [
    Request("POST", "/v1/me/orders", body: order), Request("POST", "/v1/me/orders", .read, body: order),
    Request("POST", "/v1/me/orders", .write, [("Content-Type", "text/plain")], body: order),
    Request("POST", "/v1/me/orders", .write, body: "{"),
    Request("POST", "/v1/me/orders", .write, body: #"{"items": [{"product": "apex-hoodie", "quantity": 0}]}"#),
    Request("POST", "/v1/me/orders?limit=1", .write, body: order),
    Request("POST", "/v1/me/orders", .write, [("Idempotency-Key", String(repeating: "k", count: 256))], body: order),
    Request("POST", "/v1/me/orders", .write, body: String(repeating: " ", count: 64 * 1024 + 1)),
    Request("POST", "/v1/me/orders", .write, [("Idempotency-Key", "openapi-1")], body: order),
    Request("POST", "/v1/me/orders", .write, [("Idempotency-Key", "openapi-1")], body: order),
    Request("POST", "/v1/me/orders?pretty=1", .write, [("Idempotency-Key", "openapi-1")], body: "{}"),
    Request("GET", "/v1/orders/{order}", .read), Request("HEAD", "/v1/orders/{order}", .read),
    Request("GET", "/v1/orders/{order}", .read, [anyTag]), Request("GET", "/v1/orders/{order}", .admin, [gzip]),
    Request("GET", "/v1/orders/{order}"), Request("GET", "/v1/orders/nope", .read),
    Request("GET", "/v1/orders/{order}?width=3", .read),
    Request("PATCH", "/v1/orders/{order}", .admin, body: #"{"status": "shipped"}"#),
    Request("PATCH", "/v1/orders/{order}", .admin, [staleVersion], body: #"{"status": "shipped"}"#),
    Request("PATCH", "/v1/orders/{order}", .write, [everyVersion], body: #"{"status": "shipped"}"#),
    Request("PATCH", "/v1/orders/{order}", .admin, [everyVersion], body: #"{"status": 3}"#),
    Request("PATCH", "/v1/orders/{order}", .admin, [everyVersion, ("Content-Type", "text/plain")], body: "x"),
    Request("PATCH", "/v1/orders/nope", .admin, [everyVersion], body: #"{"status": "shipped"}"#),
    Request("PATCH", "/v1/orders/{order}", .admin, [everyVersion], body: #"{"status": "shipped"}"#),
    Request("POST", "/v1/feed-items", .write, body: #"{"title": "Summer drop"}"#),
    Request("POST", "/v1/feed-items", .admin, body: #"{"id": "openapi-1", "title": "Summer drop", "tag": "new"}"#),
    Request("POST", "/v1/feed-items", .admin, body: #"{"id": "openapi-1", "title": "Summer drop"}"#),
    Request("POST", "/v1/feed-items", .admin, body: #"{"title": 1}"#),
    Request("POST", "/v1/feed-items", .admin, body: #"{"title": "x", "before": "nope"}"#),
    Request("POST", "/v1/feed-items", .admin, [("Content-Type", "text/plain")], body: #"{"title": "x"}"#),
    Request("POST", "/v1/feed-items", .admin, body: #"{"title": "x",}"#),
    Request("PATCH", "/v1/orders/{order}", .admin, [everyVersion], body: "[1"),
    Request("PATCH", "/v1/orders/{order}", .anonymous, [everyVersion], body: #"{"status": "shipped"}"#),
    Request("PATCH", "/v1/feed-items/openapi-1", .admin, body: #"{"subtitle": null}"#),
    Request("PATCH", "/v1/feed-items/openapi-1", .anonymous, [everyVersion], body: #"{"title": "S"}"#),
    Request("PATCH", "/v1/feed-items/openapi-1", .write, [everyVersion], body: #"{"title": "S"}"#),
    Request("PATCH", "/v1/feed-items/nope", .admin, [everyVersion], body: #"{"title": "S"}"#),
    Request("PATCH", "/v1/feed-items/openapi-1", .admin, [staleVersion], body: #"{"title": "S"}"#),
    Request("PATCH", "/v1/feed-items/openapi-1", .admin, [everyVersion, ("Content-Type", "text/plain")], body: "x"),
    Request("PATCH", "/v1/feed-items/openapi-1", .admin, [everyVersion], body: #"{"title": null}"#),
    Request("PATCH", "/v1/feed-items/openapi-1?limit=1", .admin, [everyVersion], body: #"{"title": "S"}"#),
    Request(
      "PATCH", "/v1/feed-items/openapi-1", .admin, [everyVersion], body: String(repeating: " ", count: 64 * 1024 + 1)),
    Request("DELETE", "/v1/feed-items/openapi-1", .write, [everyVersion]),
    Request("DELETE", "/v1/feed-items/openapi-1?limit=1", .admin, [everyVersion]),
    Request("PATCH", "/v1/feed-items/openapi-1", .admin, [everyVersion], body: #"{"subtitle": null, "title": "S"}"#),
    Request("DELETE", "/v1/feed-items/openapi-1", .admin),
    Request("DELETE", "/v1/feed-items/openapi-1", .admin, [staleVersion]),
    Request("DELETE", "/v1/feed-items/openapi-1?pretty=1", .admin, [everyVersion]),
    Request("DELETE", "/v1/feed-items/openapi-1", .admin, [everyVersion]),
    Request("GET", "/v1/me/changes?since=0", .read), Request("GET", "/v1/changes?since=0&format=html"),
    Request("POST", "/v1/products", .write, body: product), Request("POST", "/v1/products", body: product),
    Request("POST", "/v1/products", .admin, [("Idempotency-Key", "openapi-p")], body: product),
    Request("POST", "/v1/products", .admin, [("Idempotency-Key", "openapi-p")], body: product),
    Request("POST", "/v1/products", .admin, body: product),
    Request("POST", "/v1/products", .admin, body: #"{"title": "x"}"#),
    Request("POST", "/v1/products", .admin, [("Content-Type", "text/plain")], body: product),
    Request("POST", "/v1/products?q=x", .admin, body: product),
    Request("POST", "/v1/products", .admin, body: String(repeating: " ", count: 64 * 1024 + 1)),
    Request("PATCH", "/v1/products/openapi-p", .admin, body: #"{"title": "Trail Runner"}"#),
    Request("PATCH", "/v1/products/openapi-p", .admin, [staleVersion], body: #"{"title": "Trail Runner"}"#),
    Request("PATCH", "/v1/products/openapi-p", .write, [everyVersion], body: #"{"title": "Trail Runner"}"#),
    Request("PATCH", "/v1/products/openapi-p", .anonymous, [everyVersion], body: #"{"title": "Trail Runner"}"#),
    Request("PATCH", "/v1/products/nope", .admin, [everyVersion], body: #"{"title": "Trail Runner"}"#),
    Request("PATCH", "/v1/products/openapi-p", .admin, [everyVersion], body: #"{"image": null}"#),
    Request("PATCH", "/v1/products/openapi-p", .admin, [everyVersion, ("Content-Type", "text/plain")], body: "x"),
    Request(
      "PATCH", "/v1/products/openapi-p", .admin, [everyVersion], body: String(repeating: " ", count: 64 * 1024 + 1)),
    Request("PATCH", "/v1/products/openapi-p?pretty=1", .admin, [everyVersion], body: #"{"title": "Trail Runner"}"#),
    Request("DELETE", "/v1/products/apex-hoodie", .admin, [everyVersion]),
    Request("DELETE", "/v1/products/openapi-p", .admin),
    Request("DELETE", "/v1/products/openapi-p", .write, [everyVersion]),
    Request("DELETE", "/v1/products/openapi-p", .admin, [staleVersion]),
    Request("DELETE", "/v1/products/openapi-p?x=1", .admin, [everyVersion]),
    Request("DELETE", "/v1/products/openapi-p", .admin, [everyVersion]),
    Request("DELETE", "/v1/products/openapi-p", .admin, [everyVersion]),
    Request("PUT", "/v1/images/openapi", bytes: png), Request("PUT", "/v1/images/openapi", .write, bytes: png),
    Request("PUT", "/v1/images/openapi", .admin, body: "not an image"),
    Request("PUT", "/v1/images/openapi", .admin, body: "RIFF\u{4}\0\0\0WEBP"),
    Request("PUT", "/v1/images/openapi", .admin, bytes: hugePNG),
    Request("PUT", "/v1/images/openapi?limit=1", .admin, bytes: png),
    Request("PUT", "/v1/images/openapi", .admin, [staleVersion], bytes: png),
    Request("PUT", "/v1/images/openapi", .admin, bytes: png),
    Request("PUT", "/v1/images/openapi?pretty=1", .admin, [("Content-Type", "image/png")], bytes: png),
    Request("PUT", "/v1/images/openapi", .admin, [("If-None-Match", "*")], bytes: png),
    Request("DELETE", "/v1/images/openapi"), Request("DELETE", "/v1/images/openapi", .write),
    Request("DELETE", "/v1/images/openapi", .admin, [staleVersion]),
    Request("DELETE", "/v1/images/openapi?limit=1", .admin),
    Request("DELETE", "/v1/images/openapi", .admin), Request("DELETE", "/v1/images/openapi", .admin),
  ]

  /// Asked while the database is away: 503 (and the routes that read nothing still answer).
  static let unavailable: [Request] =
    ["/readyz", "/v1/feed", "/v1/render", "/v1/stack", "/v1/rows/header/profile"].flatMap {
      [Request("GET", $0), Request("HEAD", $0)]
    }
    + ["/v1/me", "/v1/me/feed", "/v1/me/render", "/v1/me/stack", "/v1/orders/{order}", "/v1/me/changes?since=0"].map {
      Request("GET", $0, .read)
    }
    + [Request("GET", "/v1/changes?since=0")]
    + [
      Request("POST", "/v1/me/orders", .write, body: order), Request("POST", "/v1/feed-items", .admin, body: "{}"),
      Request("PATCH", "/v1/orders/{order}", .admin, [everyVersion], body: #"{"status": "shipped"}"#),
      Request("DELETE", "/v1/feed-items/x", .admin, [everyVersion]), Request("GET", "/healthz"),
      Request("GET", "/v1/products"), Request("GET", "/v1/products/apex-hoodie"), Request("GET", "/v1/users", .admin),
      Request("GET", "/openapi.json"),
      Request("GET", "/openapi.json"), Request("GET", "/v1/images"), Request("HEAD", "/v1/images"),
      Request("GET", "/v1/images/tshirt"), Request("HEAD", "/v1/images/tshirt"),
      Request("PUT", "/v1/images/x", .admin, bytes: png), Request("DELETE", "/v1/images/x", .admin),
    ]

  /// Every request of the tables sent to `api`, and the answers.
  public static func exchanges(with api: some ExchangingAPI) throws -> [APIExchange] {
    var tokens: [Sender: String] = [.invalid: "sft_" + String(repeating: "0", count: 64)]
    for (sender, scope) in [(Sender.read, "read"), (.write, "write"), (.admin, "admin")] {
      tokens[sender] = try api.token(scope: scope)
    }
    var placed: String?
    var exchanges: [APIExchange] = []
    func send(_ requests: [Request]) throws {
      for request in requests {
        var headers = request.headers
        if let token = tokens[request.sender] { headers.insert(("Authorization", "Bearer \(token)"), at: 0) }
        let body = request.bytes ?? Array((request.body ?? "").utf8)
        if request.body != nil || request.bytes != nil, !headers.contains(where: { $0.0 == "Content-Type" }) {
          headers.append(("Content-Type", request.bytes == nil ? "application/json" : "application/octet-stream"))
        }
        let target = request.target.replacingOccurrences(of: "{order}", with: placed ?? "none")
        let answer = try api.send(
          method: request.method, target: target, headers: headers, body: body, requireAuth: request.requireAuth)
        if placed == nil, answer.status == 201, target == "/v1/me/orders",
          let location = answer.headers.first(where: { $0.0.lowercased() == "location" })?.1
        {
          placed = String(location.dropFirst("/v1/orders/".count))
        }
        exchanges.append(
          APIExchange(
            method: request.method, target: target, requestHeaders: headers, requestBody: body, status: answer.status,
            headers: answer.headers, body: answer.body))
      }
    }
    try send(reads + personal + writes)
    try api.setDatabaseAvailable(false)
    try send(unavailable)
    try api.setDatabaseAvailable(true)
    return exchanges
  }

  /// The paths of the document `api` answers 404 "nothing at" for: described, but not routed.
  public static func unservedPaths(of api: some ExchangingAPI) throws -> Set<String> {
    var unserved: Set<String> = []
    for (path, methods) in try describedRoutes() {
      // `since=x` is refused (400) by the event streams, which would otherwise stay open, and by every route
      // that takes no such parameter; a route nobody has is 404 whatever the query.
      let target =
        path.replacingOccurrences(of: "{kind}", with: "header").replacingOccurrences(of: "{id}", with: "x")
        + "?since=x"
      let method = methods.contains("GET") ? "GET" : methods.sorted()[0]
      let answer = try api.send(method: method, target: target, headers: [], body: [], requireAuth: false)
      if answer.status == 404, String(decoding: answer.body, as: UTF8.self).contains("nothing at") {
        unserved.insert(path)
      }
    }
    return unserved
  }

  /// scripts/check-openapi.py on the document alone (valid OpenAPI 3.1), or with `exchanges` (each answer as
  /// the document describes it, every operation answered).
  public static func check(_ exchanges: [APIExchange] = []) throws -> ScriptCheck {
    guard !exchanges.isEmpty else { return try ScriptCheck.run("check-openapi.py", [document.path]) }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(exchanges.map { $0.jsonLine + "\n" }.joined().utf8).write(to: file)
    return try ScriptCheck.run("check-openapi.py", [document.path, file.path])
  }
}
