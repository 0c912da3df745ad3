import CivilTime
import FeedOptions
import FeedPlugins
import FeedStore
import HTTPServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FeedAPI {
  /// The answer of the plugin route `route` (``RowRoutes``) to `request`, whose path gave `pathParameters`.
  /// Every route is served the same way, whatever its kind, in this order: the body's size (413), the
  /// credential (400 malformed, 401 without a token where one is needed; ``checkPresented(_:needing:as:)``), the
  /// query parameters (each of the route's ``RowRoute/query``, and `limit` and `after` of a paged one, at most once,
  /// no other: 400), `If-Match` when the route has a target (428), an `Idempotency-Key`'s shape (400), the
  /// body (``RequestBody``: 415/400, and 422 by the route's rules); then one transaction of the store — a read
  /// for `GET`, else a write on the primary — in which the token is verified (401/403), the key claimed, the
  /// target read locked and its current `ETag`s checked against `If-Match` and `If-None-Match` (404/412), the
  /// handler runs, and the changes it reports are recorded in the change log (FeedStore's `ChangeLog`). A
  /// handler's ``SeedError`` is a 422 naming the field, its ``RowRefusal`` the refusal's status. A write's answer
  /// names its commit's version (``CommitHeader``).
  /// `query` holds the request's query arguments but `pretty`; the answer's JSON is in `form`; `usedToken` is the
  /// id of the token verified, if any.
  func routed(
    _ request: HTTPRequest, to route: RowRoute, pathParameters: [String: String], query: [HTTPField],
    form: JSONForm, as given: Caller?, usedToken: inout String?
  ) throws -> HTTPResponse {
    let needed = scope(of: route)
    guard !request.bodyExceedsLimit else { throw RequestBody.tooLarge }
    _ = try checkPresented(request, needing: needed, as: given)
    var parameters = Query(query)
    var taken: [String: String] = [:]
    for name in route.query {
      taken[name] = try parameters.value(of: name)
    }
    let page = try route.paging.map { paging throws(Problem) in
      (
        limit: try parameters.pageLimit(maximum: paging.maximum) ?? paging.defaultLimit,
        after: try parameters.value(of: "after")
      )
    }
    try parameters.finish()
    let conditions = WriteConditions(request)
    if route.target != nil, conditions.ifMatch == nil {
      throw Problem(
        status: 428, detail: "\(request.method) \(request.path) needs If-Match with the row's ETag (as GET gives it)")
    }
    let key = route.isIdempotent ? try Self.idempotencyKey(request) : nil
    let body = route.method.takesBody ? try RequestBody.record(of: request, rules: route.body) : nil
    let returning = ReturnPreference(request)
    let now = now()
    func rowRequest(from caller: Caller) -> RowRequest {
      var context = contexts.context(for: defaultZone)
      context.viewer = caller.user
      return RowRequest(
        user: caller.user, scope: caller.scope, parameters: pathParameters, query: taken, page: page, body: body,
        context: context, now: now)
    }
    do {
      if !route.method.writes {
        let gzipFrom = AcceptEncoding(request).gzipFrom(threshold: Self.gzipThreshold)
        return try read(request, needing: needed, as: given, usedToken: &usedToken) { snapshot, caller in
          // Remembered per caller (user and scope: a handler may answer each differently), as the data
          // endpoints' answers are, until the feed changes.
          try memoized(
            request, in: snapshot, for: "\(caller.user) \(caller.scope?.rawValue ?? "-")", gzipFrom: gzipFrom
          ) {
            let answer = try answer(
              route.handler(rowRequest(from: caller), snapshot.database), form: form, in: snapshot.database)
            let response = HTTPResponse(status: answer.status, headers: Self.headers(of: answer), body: answer.body)
            // A route that needs a token answers its caller: no shared cache keeps it.
            return Self.tagged(response, isPrivate: route.scope != nil)
          }
        }
      }
      let written = try source.write { db in
        let authentication = try authenticate(request, needing: needed, as: given, in: db, writing: true)
        usedToken = authentication.token
        let caller = authentication.caller
        let rowRequest = rowRequest(from: caller)
        let keys = IdempotencyKeys(db)
        if let key {
          let sent = "\(request.method) \(request.path)\n" + String(decoding: request.body, as: UTF8.self)
          switch try keys.claim(
            user: caller.user, key: key, request: sent,
            now: UTCMilliseconds.since1970(seconds: now.timeIntervalSince1970))
          {
          case .claimed: break
          case .answered(let status, let location, let body):
            return PreparedAnswer(status: status, location: location, content: .bytes(body))
          case .usedByAnotherRequest:
            throw Problem(
              status: 422,
              detail: "the Idempotency-Key \"\(key)\" was used with another request (another body or route)")
          }
        }
        if let target = route.target {
          try conditions.check(current: target(rowRequest, db).flatMap { try currentTags($0, in: db) }, request)
        }
        let outcome = try route.handler(rowRequest, db)
        try ChangeLog.record(outcome.changes, at: UTCMilliseconds.since1970(seconds: now.timeIntervalSince1970), in: db)
        guard let key else {
          // The row is composed for the answer only, in the form it is sent in, and laid out and written after
          // the commit: the write's turn (one writer at a time) holds only what reads the store.
          return returning == .minimal
            ? PreparedAnswer(status: outcome.status, location: outcome.location, content: .none)
            : try prepared(outcome, in: db)
        }
        // The row is composed for the key's record too, as the writers indent it: a repeat gets it in its own
        // form if it prefers it.
        let answer = try prepared(outcome, in: db).answer(in: .pretty, api: self)
        try keys.record(user: caller.user, key: key, status: answer.status, location: answer.location, answer.body)
        return PreparedAnswer(status: answer.status, location: answer.location, content: .bytes(answer.body))
      }
      return CommitHeader.adding(
        written.version, to: Self.written(written.value.answer(in: form, api: self), returning: returning))
    } catch let error as SeedError {
      throw RequestBody.unprocessable(error)
    } catch let refusal as RowRefusal {
      throw Problem(status: refusal.status, detail: refusal.detail, parameter: refusal.parameter)
    }
  }

  /// The scope a request to `route` needs: the route's, and with ``requireAuth`` at least `read`; nil: none.
  func scope(of route: RowRoute) -> TokenScope? {
    requireAuth ? max(route.scope ?? .read, .read) : route.scope
  }

  /// Every `ETag` the server gives for `current` as `GET /v1/rows/{kind}/{id}` shows it: of its compact and its
  /// `pretty=1` form, each identity and gzipped (at the default traits and scale, its images linked to those `db`
  /// stores); nil when no registered plugin draws its kind.
  private func currentTags(_ current: FeedRow, in db: StoreConnection) throws -> [String]? {
    guard let body = try rowDocument(current, width: LayoutWidth.standard, images: db) else { return nil }
    let tags = [JSONForm.compact, .pretty].map { EntityTag.of($0.apply(to: body)) }
    return tags + tags.map(EntityTag.gzipped)
  }

  /// The answer of a handler's outcome: its status, and the row as `/v1/rows` shows it (its images as `db` stores
  /// them) or the page of a list, its JSON in `form`.
  private func answer(_ outcome: RowOutcome, form: JSONForm, in db: StoreConnection) throws -> RouteAnswer {
    try prepared(outcome, in: db).answer(in: form, api: self)
  }

  /// What the answer of a handler's outcome reads of the store (``PreparedAnswer``), read from `db`.
  private func prepared(_ outcome: RowOutcome, in db: StoreConnection) throws -> PreparedAnswer {
    if let page = outcome.page {
      return PreparedAnswer(status: outcome.status, location: outcome.location, content: .bytes(page.json))
    }
    guard let row = outcome.row else { return PreparedAnswer(status: outcome.status, location: nil, content: .none) }
    guard let card = try linkedCard(of: row, images: db) else {
      throw Problem(status: 500, detail: "no registered plugin draws the row kind \"\(row.kind)\"")
    }
    return PreparedAnswer(status: outcome.status, location: outcome.location, content: .card(card))
  }

  /// The media type and `Location` of an answer.
  private static func headers(of answer: RouteAnswer) -> [HTTPField] {
    var headers: [HTTPField] = []
    if !answer.body.isEmpty { headers.append(HTTPField("Content-Type", MediaType.json)) }
    if let location = answer.location { headers.append(HTTPField("Location", location)) }
    return headers
  }

  /// The response of a write's answer (the first time, and to a request repeating its `Idempotency-Key`), its
  /// body in the request's form: its headers, the body and its `ETag`, `Cache-Control: no-store`; with
  /// `return=minimal` preferred, no body (``ReturnPreference``).
  private static func written(_ answer: RouteAnswer, returning: ReturnPreference) -> HTTPResponse {
    let body = returning == .minimal ? [] : answer.body
    var headers = headers(of: RouteAnswer(status: answer.status, location: answer.location, body: body))
    if returning == .minimal { headers.append(ReturnPreference.applied) }
    if !body.isEmpty { headers.append(HTTPField("ETag", EntityTag.of(body))) }
    headers.append(HTTPField("Cache-Control", "no-store"))
    return HTTPResponse(status: answer.status, headers: headers, body: body)
  }

  /// The request's `Idempotency-Key`, if any: 1 to ``maximumKeyBytes`` printable ASCII characters (space to
  /// `~`), else 400.
  private static func idempotencyKey(_ request: HTTPRequest) throws(Problem) -> String? {
    guard let key = request.header("Idempotency-Key") else { return nil }
    guard (1...maximumKeyBytes).contains(key.utf8.count), key.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      throw Problem(
        status: 400,
        detail: "Idempotency-Key takes 1 to \(maximumKeyBytes) printable ASCII characters, not \(key.utf8.count) bytes"
          + (key.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) ? "" : " with others"))
    }
    return key
  }

  /// The longest `Idempotency-Key`, in bytes.
  static let maximumKeyBytes = 255
}

/// A route's answer with all it reads of the store read (``FeedAPI/prepared(_:in:)``), so that a write writes it
/// after its commit: its status, `Location`, and its body's content.
private struct PreparedAnswer {
  /// What the body holds.
  enum Content {
    /// No body.
    case none
    /// JSON as the writers indent it: a list's page, or an answer kept with an `Idempotency-Key`.
    case bytes([UInt8])
    /// A row's card to lay out and write (``FeedAPI/document(of:width:engine:form:)``).
    case card(LinkedCard)
  }

  var status: Int
  var location: String?
  var content: Content

  /// The answer, its JSON in `form`: a card laid out at the standard width and written by `api`.
  func answer(in form: JSONForm, api: FeedAPI) -> RouteAnswer {
    switch content {
    case .none: RouteAnswer(status: status, location: location, body: [])
    case .bytes(let json): RouteAnswer(status: status, location: location, body: form.apply(to: json))
    case .card(let card):
      RouteAnswer(
        status: status, location: location, body: api.document(of: card, width: LayoutWidth.standard, form: form))
    }
  }
}
