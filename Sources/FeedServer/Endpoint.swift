import FeedPlugins
import FeedStore

/// The core's paths: what the API answers beside the plugins' routes, each with `GET` and `HEAD` (an image also
/// with `PUT` and `DELETE`).
enum Endpoint: Equatable {
  /// `/`: the web page.
  case page
  /// `/healthz`, `/readyz`.
  case health, ready
  /// `/v1/feed`, `/v1/render`, `/v1/stack`.
  case feed, render, stack
  /// `/openapi.json`: the API's OpenAPI document (docs/openapi.json).
  case openAPI
  /// `/metrics`: the server's metrics in the Prometheus text format (``Metrics``).
  case metrics
  /// `/v1/rows/{kind}/{id}`.
  case row(kind: String, id: String)
  /// `/v1/me`: the caller's user.
  case me
  /// `/v1/me/feed`, `/v1/me/render`, `/v1/me/stack`: `/v1/feed`, `/v1/render`, `/v1/stack` for the caller's user.
  case myFeed, myRender, myStack
  /// `/v1/changes`, `/v1/me/changes`: the changes of the anonymous feed, of the caller's.
  case changes, myChanges
  /// `/v1/users`: the users, paged (admins only).
  case users
  /// `/v1/icons/{name}`: a bundled icon's SVG (``FeedAPI/icon(named:_:)``).
  case icon(name: String)
  /// `/v1/images`: the stored images, listed.
  case images
  /// `/v1/images/{name}`: one image (``FeedAPI/imageAnswer(_:named:parameters:form:as:usedToken:)``).
  case image(name: String)
  /// `/v1/events`, `/v1/me/events`: those changes as server-sent events.
  case events, myEvents

  /// The endpoint of `path`; nil for any other path.
  init?(path: String) {
    switch path {
    case "/": self = .page
    case "/healthz": self = .health
    case "/readyz": self = .ready
    case "/openapi.json": self = .openAPI
    case "/metrics": self = .metrics
    case "/v1/feed": self = .feed
    case "/v1/render": self = .render
    case "/v1/stack": self = .stack
    case "/v1/me": self = .me
    case "/v1/me/feed": self = .myFeed
    case "/v1/me/render": self = .myRender
    case "/v1/me/stack": self = .myStack
    case "/v1/changes": self = .changes
    case "/v1/me/changes": self = .myChanges
    case "/v1/users": self = .users
    case "/v1/images": self = .images
    case "/v1/events": self = .events
    case "/v1/me/events": self = .myEvents
    default:
      // Byte by byte, no array of the path's parts: a kept image's URL comes here on every request.
      if let name = Self.rest(of: path, after: "/v1/images/").flatMap(Self.segment) {
        self = .image(name: name)
      } else if let name = Self.rest(of: path, after: "/v1/icons/").flatMap(Self.segment) {
        self = .icon(name: name)
      } else if let rest = Self.rest(of: path, after: "/v1/rows/"), let slash = rest.utf8.firstIndex(of: 0x2F),
        slash > rest.startIndex, let id = Self.segment(rest[rest.utf8.index(after: slash)...])
      {
        self = .row(kind: String(rest[..<slash]), id: id)
      } else {
        return nil
      }
    }
  }

  /// What follows `prefix` in `path`; nil when `path` does not start with it.
  private static func rest(of path: String, after prefix: String) -> Substring? {
    path.utf8.starts(with: prefix.utf8) ? Substring(path.utf8.dropFirst(prefix.utf8.count)) : nil
  }

  /// `text` as one path segment: nil when it is empty or holds a `/`.
  private static func segment(_ text: Substring) -> String? {
    text.isEmpty || text.utf8.contains(0x2F) ? nil : String(text)
  }

  /// Every path the endpoints answer, as docs/openapi.json writes them (`/v1/rows/{kind}/{id}` for the rows):
  /// the paths of the core that no plugin route may overlap (``PluginRegistry/corePaths``). The OpenAPI tests
  /// check that the document describes exactly these and the plugins' routes. They are the endpoints' `route`
  /// labels in the metrics (``Metrics``), in the order of ``place``.
  static let paths = PluginRegistry.corePaths.map(\.description)

  /// The methods the endpoint answers, as `Allow` lists them in a 405 answer: `GET` and `HEAD`, and for an image
  /// `PUT` and `DELETE` too.
  var methods: [String] {
    switch self {
    case .image: ["GET", "HEAD", "PUT", "DELETE"]
    default: ["GET", "HEAD"]
    }
  }

  /// The endpoint's place in ``paths``: its meter in ``Metrics`` (a test checks that each path's endpoint has
  /// that path's place).
  var place: Int {
    switch self {
    case .page: 0
    case .health: 1
    case .ready: 2
    case .openAPI: 3
    case .metrics: 4
    case .feed: 5
    case .render: 6
    case .stack: 7
    case .row: 8
    case .me: 9
    case .myFeed: 10
    case .myRender: 11
    case .myStack: 12
    case .changes: 13
    case .myChanges: 14
    case .users: 15
    case .icon: 16
    case .images: 17
    case .image: 18
    case .events: 19
    case .myEvents: 20
    }
  }

  /// Whether the answer is made for the caller's user (the `/v1/me` routes): it then needs a token, and its
  /// memo key, ETag and `Cache-Control` are the user's.
  var isPersonal: Bool {
    switch self {
    case .me, .myFeed, .myRender, .myStack, .myChanges, .myEvents: true
    case .page, .health, .ready, .openAPI, .metrics, .feed, .render, .stack, .row, .changes, .users, .icon, .images,
      .image, .events:
      false
    }
  }

  /// Whether the answer is for its caller alone though the same for every caller allowed (`/v1/users`, for
  /// admins): `Cache-Control: private`, so no shared cache keeps it.
  var isPrivate: Bool {
    self == .users
  }

  /// The scope a request needs, nil when it needs no token: `/v1/users` needs `admin`, the personal routes
  /// `read`, and with `requireAuth` (`serve --require-auth`) so does every `/v1` route but the icons; `/`,
  /// `/healthz`, `/readyz`, `/openapi.json`, `/metrics` and `/v1/icons/{name}` (the page's own pictures, fetched
  /// by the browser without the page's token) never need one; neither does an image's URL at its current version
  /// (FeedAPI's `imageBytes`). These are the scopes of reads (`GET`, `HEAD`): an image's `PUT` and `DELETE` need
  /// `admin` (``scope(of:requireAuth:)``).
  func scope(requireAuth: Bool) -> TokenScope? {
    switch self {
    case .users: .admin
    case .me, .myFeed, .myRender, .myStack, .myChanges, .myEvents: .read
    case .feed, .render, .stack, .row, .changes, .images, .image, .events: requireAuth ? .read : nil
    case .page, .health, .ready, .openAPI, .metrics, .icon: nil
    }
  }

  /// The scope a request of `method` needs: an image's `PUT` and `DELETE` need `admin`, a read
  /// ``scope(requireAuth:)``.
  func scope(of method: String, requireAuth: Bool) -> TokenScope? {
    if case .image = self, method == "PUT" || method == "DELETE" { return .admin }
    return scope(requireAuth: requireAuth)
  }
}
