import CivilTime
import FeedOptions
import FeedPlugins
import HTTPServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The HTTP API of `stackfeed serve` as a value (docs/HTTP.md): routes a request to its endpoint, maps errors to
/// problem answers, and adds the caching headers (strong `ETag`, `Cache-Control`, `If-None-Match` → 304). It
/// turns a request value into a response value and knows no socket: `stackfeed serve` hands it the requests of
/// an `HTTPServer`, and a test can call ``respond(to:)`` directly.
///
///     let registry = try PluginRegistry.builtIn()
///     let api = FeedAPI(
///       source: SQLiteReaders(path: path, registry: registry), registry: registry,
///       defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
///     let response = api.respond(to: HTTPRequest(method: "GET", path: "/v1/feed", query: [HTTPField("limit", "5")]))
public struct FeedAPI: Sendable {
  /// Where the feed is read.
  let source: any FeedSource
  /// The row plugins (cards).
  let registry: PluginRegistry
  /// The zone dates are shown in when a request names none (the server's: `$TZ`, else the system zone).
  let defaultZone: any UTCOffsetSource
  /// The plugins' routes (``RowWriter``).
  let routes: [RowRoute]
  /// The clock of the writes (``RowRequest/now``, when idempotency keys expire); tests set another.
  public var now: @Sendable () -> Date = Date.init
  let contexts: RowContexts

  /// An API over `source`, showing dates in `defaultZone` unless a request's `time_zone` names another, which
  /// `zoneNamed` looks up (nil: no such zone).
  public init(
    source: any FeedSource, registry: PluginRegistry, defaultZone: any UTCOffsetSource,
    zoneNamed: @escaping @Sendable (String) -> (any UTCOffsetSource)?
  ) {
    self.source = source
    self.registry = registry
    self.defaultZone = defaultZone
    routes = registry.routes
    contexts = RowContexts(zoneNamed: zoneNamed)
  }

  /// The answer to `request`; never throws, never crashes on client input.
  ///
  /// A data endpoint's answer is made in one read of the store, or taken from the memo of answers made from
  /// the same version of the feed (``FeedSnapshot/memo``), so it is always the answer for the feed as the store
  /// has it when the request is read.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    respond(to: request, as: .anonymous)
  }

  /// The answer to `request` from `caller`: the read endpoints as ``respond(to:)``, and the plugins' routes
  /// (``RowWriter``, e.g. `POST /v1/me/orders`) for what the caller's token allows.
  public func respond(to request: HTTPRequest, as caller: Caller) -> HTTPResponse {
    var response: HTTPResponse
    do {
      if let routed = try routed(request, as: caller) { return Self.finished(routed, request) }
      let endpoint = try Endpoint(path: request.path)
      guard request.method == "GET" || request.method == "HEAD" else {
        throw Problem(
          status: 405, detail: "\(request.path) answers GET and HEAD, not \(request.method)",
          headers: [HTTPField("Allow", "GET, HEAD")])
      }
      let query = Query(request.query)
      if endpoint == .index {  // the one endpoint that does not read the store
        var parameters = query
        response = Self.tagged(try Self.index(&parameters))
      } else {
        response = try source.read { snapshot in
          let key = AnswerMemo.Key(path: request.path, query: request.query)
          if let remembered = snapshot.memo[key] { return remembered }
          // A read runs again after a lost connection: each run takes the request's parameters afresh.
          var parameters = query
          let made = Self.tagged(try answer(endpoint, query: &parameters, in: snapshot))
          if made.status == 200 { snapshot.memo.remember(made, for: key) }
          return made
        }
      }
    } catch let problem as Problem {
      response = problem.response
    } catch let error as StoreUnavailable {
      response =
        Problem(status: 503, detail: error.description, headers: [HTTPField("Retry-After", "1")]).response
    } catch let error as FeedCursorError {
      response = Problem.badParameter("after", error.description).response
    } catch {
      response = Problem(status: 500, detail: "internal error: \(error)").response
    }
    return Self.finished(response, request)
  }

  /// `response` with its caching headers: a 200 answer is conditional (304 when `If-None-Match` names its
  /// tag), any other is `no-store`.
  private static func finished(_ response: HTTPResponse, _ request: HTTPRequest) -> HTTPResponse {
    guard response.status == 200 else {
      var response = response
      if !response.headers.contains(where: { $0.name == "Cache-Control" }) {
        response.headers.append(HTTPField("Cache-Control", "no-store"))
      }
      return response
    }
    return conditional(response, ifNoneMatch: request.header("If-None-Match"))
  }

  private func answer(_ endpoint: Endpoint, query: inout Query, in snapshot: FeedSnapshot) throws -> HTTPResponse {
    switch endpoint {
    case .index:
      return try Self.index(&query)
    case .health:
      try query.finish()
      return try health(snapshot)
    case .feed: return try feed(&query, snapshot)
    case .render: return try render(&query, snapshot)
    case .stack: return try stack(&query, snapshot)
    case .row(let kind, let id): return try row(kind: kind, id: id, &query, snapshot)
    }
  }

  /// A 200 answer with its `ETag` and `Cache-Control: no-cache` (store, but revalidate: the feed changes);
  /// other answers as they are.
  static func tagged(_ response: HTTPResponse) -> HTTPResponse {
    guard response.status == 200 else { return response }
    var response = response
    response.headers += [HTTPField("ETag", EntityTag.of(response.body)), HTTPField("Cache-Control", "no-cache")]
    return response
  }

  /// A tagged 200 answer, or 304 without a body when `If-None-Match` names its tag.
  private static func conditional(_ response: HTTPResponse, ifNoneMatch: String?) -> HTTPResponse {
    guard let ifNoneMatch, let tag = response.headers.first(where: { $0.name == "ETag" })?.value,
      EntityTag.matches(ifNoneMatch, tag)
    else { return response }
    return HTTPResponse(
      status: 304, headers: response.headers.filter { $0.name == "ETag" || $0.name == "Cache-Control" })
  }

  /// The formatting context for the request's `time_zone` (an IANA name), else the server's zone.
  func rowContext(_ query: inout Query) throws(Problem) -> RowContext {
    guard let name = try query.timeZoneName() else { return contexts.context(for: defaultZone) }
    guard let context = contexts.context(named: name) else {
      throw .badParameter(query.spelling(of: "time-zone"), UnknownTimeZone(name: name).description)
    }
    return context
  }

  /// `GET /?width=W`: the web page, the same for every width (its script reads `width` and asks for the cards
  /// at that width), so only checked here.
  private static func index(_ query: inout Query) throws(Problem) -> HTTPResponse {
    _ = try query.width()
    try query.finish()
    return indexPage
  }

  private static let indexPage = HTTPResponse.ok(Array(IndexPage.html.utf8), type: MediaType.html)
}
