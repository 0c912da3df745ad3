import CivilTime
import FeedOptions
import FeedPlugins
import GzipCore
import HTTPServer
import SQLCore
import StackLayout

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
///       source: SQLiteSource(path: path, registry: registry), registry: registry,
///       defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
///     let response = api.respond(to: HTTPRequest(method: "GET", path: "/v1/feed", query: [HTTPField("limit", "5")]))
public struct FeedAPI: Sendable {
  /// Where the feed is read.
  let source: any FeedSource
  /// The row plugins (cards).
  let registry: PluginRegistry
  /// The zone dates are shown in when a request names none (the server's: `$TZ`, else the system zone).
  let defaultZone: any UTCOffsetSource
  /// The plugins' routes (``RowRoutes``).
  let routes: [RowRoute]
  /// The clock of the writes (``RowRequest/now``, when idempotency keys expire); tests set another.
  public var now: @Sendable () -> Date = Date.init
  let contexts: RowContexts
  /// Whether every `/v1` route needs a token of scope `read` (`serve --require-auth`); without it only the
  /// `/v1/me` routes (and the plugin routes that ask for a scope) do, and the others answer anonymous requests
  /// for the user `default`.
  public var requireAuth = false
  /// Where the verified tokens' uses are recorded (`tokens.last_used_at`); nil: not recorded.
  public var tokenUses: TokenUseLog?
  /// The caller each token verified lately proved: whose page a read sends ahead with the token's verification.
  let tokenCallers = TokenCallers()
  /// The subscribers of `/v1/events` and `/v1/me/events` (``ChangeStreams``); without them those answer 503.
  public var changeStreams: ChangeStreams?
  /// What the API has answered, shown by `GET /metrics` (docs/HTTP.md, "Metrics"); `serve` has it count the HTTP
  /// server's connections too (``Metrics/countConnections(_:)``).
  public let metrics: Metrics
  /// The meter in ``metrics`` of each of ``routes``: its pattern's.
  let routeMeters: [Int]
  /// The version `stackfeed_build_info` shows (`serve` sets `stackfeed --version`'s).
  public var version = "unknown"
  /// The resized images made, kept within a share of `serve --memo-size`, and the bound on resizing at once
  /// (``ImageVariants``).
  public var imageVariants = ImageVariants(budget: StoreLimits().variantBytes)
  /// Whether answers are gzipped for the clients that accept it (docs/HTTP.md, "Compression"): where libdeflate
  /// is loaded (``Gzip/isAvailable``); false sends every answer uncompressed, as a machine without it does.
  public var compresses = Gzip.isAvailable

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
    // The plugins' patterns after the endpoints' paths, each once (PATCH and DELETE of one pattern share it).
    var patterns = Endpoint.paths
    for route in routes where !patterns.contains(route.pattern.description) {
      patterns.append(route.pattern.description)
    }
    metrics = Metrics(routes: patterns)
    routeMeters = routes.map { route in patterns.firstIndex(of: route.pattern.description) ?? 0 }
  }

  /// The answer to `request`; never throws, never crashes on client input.
  ///
  /// The request's destination — a core endpoint or a plugin's route (``RowRoutes``, e.g. `POST /v1/me/orders`)
  /// — is found once (``destination(of:)``: 404, 405). A data endpoint's answer is made in one read of the
  /// store, or taken from the memo of answers made from the same version of the feed (``FeedSnapshot/memo``), so
  /// it is always the answer for the feed as the store has it when the request is read; a route's in one
  /// transaction of its own.
  ///
  /// The caller is resolved once, the same way for both (``authenticate(_:needing:as:in:writing:)``): from the
  /// request's bearer token (``Credential``), verified in the transaction that answers — before the memo is
  /// asked, in the write itself — so a route that needs a token answers 400, 401 or 403 without one that
  /// allows it, and an answer made for one user is remembered under that user only.
  public func respond(to request: HTTPRequest) -> HTTPResponse {
    respond(to: request, caller: nil)
  }

  /// Checks what the answer memo relies on (``FeedSource/checkMemo()``), turning it off when it does not hold:
  /// the sentence `stackfeed serve` prints on stderr then, or `nil`. Called once, before serving.
  public func checkMemo() -> String? {
    source.checkMemo()
  }

  /// Frees what the store keeps between requests (``FeedSource/releaseIdleMemory()``): `stackfeed serve` calls
  /// it when its last connection closes.
  public func releaseIdleMemory() {
    source.releaseIdleMemory()
  }

  /// The answer to `request` from `caller`, whom the embedding code authenticated itself: the request's
  /// `Authorization` is not looked at. The read endpoints and the plugins' routes answer as ``respond(to:)``
  /// does for a token of that user and scope.
  public func respond(to request: HTTPRequest, as caller: Caller) -> HTTPResponse {
    respond(to: request, caller: caller)
  }

  /// The answer to `request` from `given`, or (nil) from the caller its bearer token proves, counted in
  /// ``metrics`` under its destination.
  private func respond(to request: HTTPRequest, caller given: Caller?) -> HTTPResponse {
    let start = ContinuousClock.now
    var response: HTTPResponse
    var usedToken: String?
    var parameters = request.query
    var form = JSONForm.compact
    // Found once: at the head's admission when the server admitted it (a write), else now.
    let destination = request.admittedHead?.destination ?? destination(of: request)
    do {
      form = try JSONForm(taking: &parameters)
      switch try destination.answerer(for: request) {
      case .endpoint(let endpoint):
        response = try endpointAnswer(
          request, at: endpoint, parameters: parameters, form: form, as: given, usedToken: &usedToken)
      case .route(let route, let pathParameters):
        response = try routed(
          request, to: route, pathParameters: pathParameters, query: parameters, form: form, as: given,
          usedToken: &usedToken)
      }
    } catch {
      response = refusal(of: error, form: form)
    }
    if let usedToken { tokenUses?.record(usedToken) }
    return counted(response, to: request, under: destination.meter, since: start)
  }

  /// The answer to a request whose answer threw `error` (its JSON in `form`), a database error counted in
  /// ``metrics``.
  func refusal(of error: any Error, form: JSONForm) -> HTTPResponse {
    metrics.countDatabaseError(error)
    return form.apply(to: Self.problem(for: error).response)
  }

  /// `response` to `request` with its caching headers (``finished(_:_:)``), counted in ``metrics`` under `meter`
  /// as taking the time since `start`.
  func counted(
    _ response: HTTPResponse, to request: HTTPRequest, under meter: Int, since start: ContinuousClock.Instant
  ) -> HTTPResponse {
    let finished = Self.finished(response, request)
    metrics.record(
      meter, status: finished.status, since: start, bytes: request.method == "HEAD" ? 0 : finished.body.count)
    return finished
  }

  /// The problem answering a request whose answer threw `error`: a server error's cause goes to the access log
  /// under a request id, never into the body (``Problem/internalError(cause:)``).
  private static func problem(for error: any Error) -> Problem {
    switch error {
    case let problem as Problem where problem.status < 500: problem
    case let problem as Problem: .internalError(cause: problem.detail)
    case let error as StoreUnavailable: .unavailable(cause: error.description)
    case let error as FeedCursorError: .badParameter("after", error.description)
    default: .internalError(cause: "\(error)")
    }
  }

  /// The answer of the core's `endpoint` (at `request`'s path) to `given`, or to the caller its bearer token
  /// proves, its JSON in `form`; `parameters` are the request's query arguments but `pretty`; `usedToken` is the
  /// id of the token verified, if any. The endpoints that read no store answer at once, `/readyz` reads every
  /// time, and the data endpoints are remembered (``remembered(_:at:query:gzipFrom:as:usedToken:_:)``).
  private func endpointAnswer(
    _ request: HTTPRequest, at endpoint: Endpoint, parameters: [HTTPField], form: JSONForm, as given: Caller?,
    usedToken: inout String?
  ) throws -> HTTPResponse {
    var query = Query(parameters)
    let gzipFrom = AcceptEncoding(request).gzipFrom(threshold: Self.gzipThreshold)
    let fixed: HTTPResponse
    switch endpoint {
    case .page: fixed = try Self.page(&query)
    case .health: fixed = try Self.health(&query)
    case .openAPI: fixed = try Self.openAPI(&query)
    case .icon(let name):  // tagged and cached by its own rule
      return Self.encoded(try Self.icon(named: name, &query), gzipFrom: gzipFrom, compresses: compresses)
    case .metrics:  // counts read now: never tagged, never remembered
      return Self.encoded(try metricsPage(&query), gzipFrom: gzipFrom, compresses: compresses)
    case .ready:  // a probe of the store: read every time, never from the memo
      try query.finish()
      let probed = try source.read { snapshot in form.apply(to: try ready(snapshot)) }
      return Self.encoded(probed, gzipFrom: gzipFrom, compresses: compresses)
    case .feed, .myFeed:
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken,
        pageLimits: Self.feedLimits
      ) {
        query, snapshot, caller in try feed(&query, snapshot, viewer: caller.user, form: form)
      }
    case .render, .myRender:
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken,
        pageLimits: Self.cardLimits
      ) {
        query, snapshot, caller in try render(&query, snapshot, viewer: caller.user, form: form)
      }
    case .stack, .myStack:
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken
      ) {
        query, snapshot, caller in form.apply(to: try stack(&query, snapshot, viewer: caller.user))
      }
    case .changes, .myChanges:
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken
      ) {
        query, snapshot, caller in try changes(&query, snapshot, viewer: caller.user, form: form)
      }
    case .events, .myEvents:  // a stream: never remembered, never tagged
      return try read(request, needing: endpoint.scope(requireAuth: requireAuth), as: given, usedToken: &usedToken) {
        snapshot, caller in
        try events(request, &query, snapshot, viewer: endpoint.isPersonal ? caller.user : Caller.anonymous.user)
      }
    case .row(let kind, let id):
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken
      ) {
        query, snapshot, _ in try row(kind: kind, id: id, &query, snapshot, form: form)
      }
    case .images:
      return try imageList(request, parameters: parameters, form: form, as: given, usedToken: &usedToken)
    case .image(let name):
      return try imageAnswer(request, named: name, parameters: parameters, form: form, as: given, usedToken: &usedToken)
    case .me:
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken
      ) {
        query, snapshot, caller in
        try query.finish()
        return form.apply(to: try me(caller.user, snapshot))
      }
    case .users:
      return try remembered(
        request, at: endpoint, query: query, gzipFrom: gzipFrom, as: given, usedToken: &usedToken
      ) {
        query, snapshot, _ in form.apply(to: try users(&query, snapshot))
      }
    }
    let page = Self.tagged(form.apply(to: fixed), traits: Self.traits(asked: Query(parameters)))
    return Self.encoded(page, gzipFrom: gzipFrom, compresses: compresses)
  }

  /// The answer of a data endpoint: made by `make` (its JSON in the request's form) — given the query, one read
  /// of the store and the caller, whose user is the viewer of a personal endpoint and the anonymous user
  /// otherwise — or taken from the memo of that read's version of the feed (``memoized(_:in:for:gzipFrom:_:)``).
  /// A request that needs no token is looked up first in the answers the store allows without a read
  /// (``FeedSource/answersWithoutReading(seeing:)``: PostgreSQL's, which would cost a round trip). A feed or
  /// render page (`pageLimits`: its endpoint's `limit`s) the memo does not hold has its statements sent ahead of
  /// its read (``pageStatements(_:_:viewer:limits:)``).
  private func remembered(
    _ request: HTTPRequest, at endpoint: Endpoint, query: Query, gzipFrom: Int?, as given: Caller?,
    usedToken: inout String?, pageLimits: (default: Int, maximum: Int)? = nil,
    _ make: (inout Query, FeedSnapshot, Caller) throws -> HTTPResponse
  ) throws -> HTTPResponse {
    let needed = endpoint.scope(requireAuth: requireAuth)
    if needed == nil, let answers = source.answersWithoutReading(seeing: try CommitHeader.version(of: request)),
      let remembered = recalled(
        Self.memoKey(of: request, for: Caller.anonymous.user), gzipFrom: gzipFrom, from: answers)
    {
      return remembered
    }
    let ahead = { (snapshot: FeedSnapshot, caller: Caller) -> [SQLQuery] in
      let viewer = endpoint.isPersonal ? caller.user : Caller.anonymous.user
      guard let pageLimits, snapshot.memo?[Self.memoKey(of: request, for: viewer)] == nil else { return [] }
      return pageStatements(query, snapshot, viewer: viewer, limits: pageLimits)
    }
    return try read(request, needing: needed, as: given, usedToken: &usedToken, ahead: ahead) { snapshot, caller in
      let viewer = endpoint.isPersonal ? caller.user : nil
      return try memoized(request, in: snapshot, for: viewer ?? Caller.anonymous.user, gzipFrom: gzipFrom) {
        // A read runs again after a lost connection: each run takes the request's parameters afresh.
        var parameters = query
        let made = try make(&parameters, snapshot, endpoint.isPersonal ? caller : .anonymous)
        return Self.tagged(made, viewer: viewer, traits: Self.traits(asked: query), isPrivate: endpoint.isPrivate)
      }
    }
  }

  /// The answer to the read `request` for `viewer` (the key's viewer: the answers made for one are never
  /// given to another) remembered in the memo of `snapshot`'s version of the feed, under the request as sent
  /// and the viewer; else made by `make` (tagged, not encoded) and remembered when it is a 200 — one
  /// implementation for the core's data endpoints and the plugins' `GET` routes. Gzipped from `gzipFrom` bytes on
  /// (the request's `Accept-Encoding`, read once by the caller).
  func memoized(
    _ request: HTTPRequest, in snapshot: FeedSnapshot, for viewer: String, gzipFrom: Int?,
    _ make: () throws -> HTTPResponse
  ) throws -> HTTPResponse {
    let plain = Self.memoKey(of: request, for: viewer)
    if let remembered = recalled(plain, gzipFrom: gzipFrom, from: snapshot.memo) { return remembered }
    // The identity answer is remembered too when a gzipped one is asked for: a page is composed once for both.
    let identity: HTTPResponse
    if gzipFrom != nil, let remembered = snapshot.memo?[plain] {
      metrics.countMemo(hit: true)
      identity = remembered
    } else {
      metrics.countMemo(hit: false)
      identity = Self.encoded(try make(), gzipFrom: nil, compresses: compresses)
      if identity.status == 200 { snapshot.memo?.remember(identity, for: plain) }
    }
    guard gzipFrom != nil, identity.status == 200 else { return identity }
    let sent = Self.encoded(identity, gzipFrom: gzipFrom, compresses: compresses)
    snapshot.memo?.remember(sent, for: plain.gzipped(from: gzipFrom))
    return sent
  }

  /// The memo's key of `request`'s identity answer made for `viewer`. The query as sent holds the trait
  /// parameters and `pretty`: an answer laid out for AX3 is never served for L, an indented one never for a
  /// compact one.
  static func memoKey(of request: HTTPRequest, for viewer: String) -> AnswerMemo.Key {
    AnswerMemo.Key(path: request.path, query: request.query, viewer: viewer)
  }

  /// The answer `answers` hold for `plain` as the request takes it (gzipped from `gzipFrom` bytes on), counted as a
  /// memo hit; `nil` when they hold none.
  private func recalled(_ plain: AnswerMemo.Key, gzipFrom: Int?, from answers: RememberedAnswers?) -> HTTPResponse? {
    guard let remembered = answers?[plain.gzipped(from: gzipFrom)] else { return nil }
    metrics.countMemo(hit: true)
    return remembered
  }

  /// `response` with its caching headers: a 200 answer to a read (`GET`, `HEAD`) is conditional (304 when
  /// `If-None-Match` names its tag), any other answer is `no-store`. A write's 200 is never 304: its change is
  /// committed, and 304 would say nothing changed.
  private static func finished(_ response: HTTPResponse, _ request: HTTPRequest) -> HTTPResponse {
    guard response.status == 200 else {
      var response = response
      if !response.headers.contains(where: { $0.name == "Cache-Control" }) {
        response.headers.append(HTTPField("Cache-Control", "no-store"))
      }
      return response
    }
    guard request.method == "GET" || request.method == "HEAD" else { return response }
    return conditional(response, ifNoneMatch: request.header("If-None-Match"))
  }

  /// A 200 answer with its `ETag` and `Cache-Control: no-cache` (store, but revalidate: the feed changes);
  /// other answers as they are. An answer made for a `viewer` (the `/v1/me` routes) has a tag of that user's
  /// (two users never share one, even for equal bodies); it, and an answer that `isPrivate` (a plugin's route
  /// that needs a token, e.g. `GET /v1/orders/{id}`, for its owner only), says `Cache-Control: private,
  /// no-cache` (no shared cache keeps it) and `Vary: Authorization`. An answer laid out for `traits` has a tag
  /// of that trait set's.
  static func tagged(
    _ response: HTTPResponse, viewer: String? = nil, traits: Traits = .default, isPrivate: Bool = false
  ) -> HTTPResponse {
    guard response.status == 200 else { return response }
    var response = response
    let tag = HTTPField("ETag", EntityTag.of(response.body, viewer: viewer, traits: traits))
    if viewer != nil || isPrivate {
      response.headers += [tag, HTTPField("Cache-Control", "private, no-cache"), HTTPField("Vary", "Authorization")]
    } else {
      response.headers += [tag, HTTPField("Cache-Control", "no-cache")]
    }
    return response
  }

  /// The traits a request's parameters ask for (``FeedOptions``' `traits()`), for its answer's tag; the default
  /// when it asks for none, and when a value is bad (the endpoint then answers 400, which has no tag). Read only
  /// when an answer is made: a remembered answer already carries its tag.
  private static func traits(asked query: Query) -> Traits {
    var parameters = query
    return (try? parameters.traits()) ?? .default
  }

  /// A tagged 200 answer, or 304 without a body when `If-None-Match` names its tag.
  private static func conditional(_ response: HTTPResponse, ifNoneMatch: String?) -> HTTPResponse {
    guard let ifNoneMatch, let tag = response.headers.first(where: { $0.name == "ETag" })?.value,
      EntityTag.matches(ifNoneMatch, tag)
    else { return response }
    return HTTPResponse(
      status: 304,
      headers: response.headers.filter { $0.name == "ETag" || $0.name == "Cache-Control" || $0.name == "Vary" })
  }

  /// The formatting context for the request's `time_zone` (an IANA name), else the server's zone.
  func rowContext(_ query: inout Query) throws(Problem) -> RowContext {
    guard let name = try query.timeZoneName() else { return contexts.context(for: defaultZone) }
    guard let context = contexts.context(named: name) else {
      throw .badParameter(query.spelling(of: "time-zone"), UnknownTimeZone(name: name).description)
    }
    return context
  }

  /// The context of ``rowContext(_:)`` composing the feed for `viewer`.
  func rowContext(_ query: inout Query, viewer: String) throws(Problem) -> RowContext {
    var context = try rowContext(&query)
    context.viewer = viewer
    return context
  }

  /// `GET /?width=W&content_size=C&direction=D&scheme=S`: the web page. Its script reads `width` and the traits
  /// from its address and asks for the cards with them, so they are only checked here; a `scheme` forces the
  /// page's own colours to it (without one, the page follows the browser's `prefers-color-scheme`).
  private static func page(_ query: inout Query) throws(Problem) -> HTTPResponse {
    _ = try query.width()
    let scheme = try query.traitOptions().scheme
    try query.finish()
    return scheme.flatMap { forcedIndexPages[$0] } ?? indexPage
  }

  /// `/healthz`: ``alive``, which takes no parameter.
  private static func health(_ query: inout Query) throws(Problem) -> HTTPResponse {
    try query.finish()
    return alive
  }

  /// The page following the browser's colour scheme.
  private static let indexPage = indexPage(scheme: nil)
  /// The page forced to each scheme.
  private static let forcedIndexPages = Dictionary(
    uniqueKeysWithValues: ColorScheme.allCases.map { ($0, indexPage(scheme: $0)) })

  private static func indexPage(scheme: ColorScheme?) -> HTTPResponse {
    .ok(Array(IndexPage.html(scheme: scheme).utf8), type: MediaType.html)
  }
}
