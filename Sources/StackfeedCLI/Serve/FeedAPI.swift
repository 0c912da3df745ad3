import FeedPlugins
import HTTPServer
import Synchronization

/// The HTTP API of `stackfeed serve` (docs/HTTP.md): routes a request to its endpoint, maps errors to problem
/// answers, and adds the caching headers (strong `ETag`, `Cache-Control`, `If-None-Match` → 304).
struct FeedAPI: Sendable {
  /// Where the feed is read.
  let source: any FeedSource
  /// The row plugins (cards).
  let registry: PluginRegistry
  /// The zone dates are shown in when a request names none (the server's: `$TZ`, else the system zone).
  let defaultZone: ZoneInfo
  private let contexts: RowContexts

  /// An API over `source`; zone names are looked up in the time zone database `environment` names (`TZDIR`).
  init(source: any FeedSource, registry: PluginRegistry, defaultZone: ZoneInfo, environment: [String: String]) {
    self.source = source
    self.registry = registry
    self.defaultZone = defaultZone
    contexts = RowContexts(environment: environment)
  }

  /// The answer to `request`; never throws, never crashes on client input.
  ///
  /// A data endpoint's answer is made in one read of the store, or taken from the memo of answers made from
  /// the same version of the feed (``FeedSnapshot/memo``), so it is always the answer for the feed as the store
  /// has it when the request is read.
  func respond(to request: HTTPRequest) -> HTTPResponse {
    var response: HTTPResponse
    do {
      let endpoint = try Endpoint(path: request.path)
      guard request.method == "GET" || request.method == "HEAD" else {
        throw Problem(
          status: 405, detail: "\(request.path) answers GET and HEAD, not \(request.method)",
          headers: [HTTPField("Allow", "GET, HEAD")])
      }
      let query = Query(request.query)
      if endpoint == .index {  // the one endpoint that does not read the store
        try query.finish()
        response = Self.tagged(Self.indexPage)
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
    guard response.status == 200 else {
      response.headers.append(HTTPField("Cache-Control", "no-store"))
      return response
    }
    return Self.conditional(response, ifNoneMatch: request.header("If-None-Match"))
  }

  private func answer(_ endpoint: Endpoint, query: inout Query, in snapshot: FeedSnapshot) throws -> HTTPResponse {
    switch endpoint {
    case .index:
      try query.finish()
      return Self.indexPage
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
  private static func tagged(_ response: HTTPResponse) -> HTTPResponse {
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
    guard let name = try query.string("time_zone") else { return contexts.context(for: defaultZone) }
    guard let context = contexts.context(named: name) else {
      throw .badParameter("time_zone", "unknown time zone \"\(name)\" (expected an IANA name such as Europe/Paris)")
    }
    return context
  }

  /// `GET /`.
  private static let indexPage = HTTPResponse.ok(Array(IndexPage.html.utf8), type: html)

  static let json = "application/json; charset=utf-8"
  static let html = "text/html; charset=utf-8"
}

/// The paths the API answers.
enum Endpoint: Equatable {
  case index, health, feed, render, stack
  case row(kind: String, id: String)

  /// The endpoint of `path`; a 404 problem for any other path.
  init(path: String) throws(Problem) {
    switch path {
    case "/": self = .index
    case "/healthz": self = .health
    case "/v1/feed": self = .feed
    case "/v1/render": self = .render
    case "/v1/stack": self = .stack
    default:
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 5, parts[0].isEmpty, parts[1] == "v1", parts[2] == "rows", !parts[3].isEmpty,
        !parts[4].isEmpty
      else {
        throw Problem(status: 404, detail: "nothing at \(path) (see docs/HTTP.md for the endpoints)")
      }
      self = .row(kind: String(parts[3]), id: String(parts[4]))
    }
  }
}

extension HTTPResponse {
  /// A 200 answer with `body` of media type `type`.
  static func ok(_ body: [UInt8], type: String, headers: [HTTPField] = []) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [HTTPField("Content-Type", type)] + headers, body: body)
  }
}

/// One formatting context per time zone, made once: a zone is read from the time zone database and a context
/// makes its date formatter on first use. Only zones the database has are kept (so at most its few hundred).
private final class RowContexts: Sendable {
  private let environment: [String: String]
  private let byName = Mutex<[String: RowContext]>([:])

  init(environment: [String: String]) {
    self.environment = environment
  }

  /// The context of `zone`.
  func context(for zone: ZoneInfo) -> RowContext {
    byName.withLock { contexts in
      if let made = contexts[zone.identifier] { return made }
      let made = RowContext(timeZone: zone)
      contexts[zone.identifier] = made
      return made
    }
  }

  /// The context of the zone called `name`; nil when the database has no such zone.
  func context(named name: String) -> RowContext? {
    if let made = byName.withLock({ $0[name] }) { return made }
    guard let zone = ZoneInfo.named(name, environment: environment) else { return nil }
    return context(for: zone)
  }
}
