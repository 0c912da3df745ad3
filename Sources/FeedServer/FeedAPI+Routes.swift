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
  /// The answer of the plugin route (``RowWriter``) at `request`'s path, or `nil` when no plugin route has that
  /// path. Every route is served the same way, whatever its kind: the method (405 with `Allow`), the caller's
  /// scope (401/403), no query parameters (400), `If-Match` when the route has a target (428), the body
  /// (``RequestBody``: 413/415/400, and 422 by the route's rules), then one transaction of the store — a read for `GET`, else a write —
  /// in which the target's current `ETag` is checked (404/412) and the handler runs. A handler's ``SeedError``
  /// is a 422 naming the field, its ``RowRefusal`` the refusal's status. `parameters` are the request's query
  /// arguments but `pretty`; the answer's JSON is in `form`.
  func routed(_ request: HTTPRequest, parameters query: [HTTPField], form: JSONForm, as caller: Caller) throws
    -> HTTPResponse?
  {
    let matches = routes.compactMap { route in
      route.pattern.match(request.path).map { (route: route, parameters: $0) }
    }
    guard !matches.isEmpty else { return nil }
    let method = request.method == "HEAD" ? "GET" : request.method
    guard let (route, parameters) = matches.first(where: { $0.route.method.rawValue == method }) else {
      let allowed = matches.flatMap { $0.route.method == .get ? ["GET", "HEAD"] : [$0.route.method.rawValue] }
      throw Problem(
        status: 405, detail: "\(request.path) answers \(allowed.joined(separator: ", ")), not \(request.method)",
        headers: [HTTPField("Allow", allowed.joined(separator: ", "))])
    }
    guard !request.bodyExceedsLimit else { throw RequestBody.tooLarge }
    if let scope = route.scope, !caller.allows(scope) { throw Problem.scope(scope, refusedTo: caller) }
    try Query(query).finish()
    let ifMatch = request.header("If-Match")
    if route.target != nil, ifMatch == nil {
      throw Problem(
        status: 428, detail: "\(request.method) \(request.path) needs If-Match with the row's ETag (as GET gives it)")
    }
    let key = route.isIdempotent ? try Self.idempotencyKey(request) : nil
    let body = route.method.takesBody ? try RequestBody.record(of: request, rules: route.body) : nil
    var context = contexts.context(for: defaultZone)
    context.viewer = caller.user
    let rowRequest = RowRequest(
      user: caller.user, scope: caller.scope, parameters: parameters, body: body, context: context, now: now())
    do {
      if route.method == .get {
        return try source.read { snapshot in
          let answer = try answer(route.handler(rowRequest, snapshot.database))
          let response = HTTPResponse(status: answer.status, headers: Self.headers(of: answer), body: answer.body)
          let gzipFrom = AcceptEncoding(request).gzipFrom(threshold: Self.gzipThreshold)
          return Self.encoded(Self.tagged(form.apply(to: response)), gzipFrom: gzipFrom, compresses: compresses)
        }
      }
      return try source.write { db in
        let keys = IdempotencyKeys(db)
        if let key {
          let sent = "\(request.method) \(request.path)\n" + String(decoding: request.body, as: UTF8.self)
          switch try keys.claim(
            user: caller.user, key: key, request: sent,
            now: UTCMilliseconds.since1970(seconds: rowRequest.now.timeIntervalSince1970))
          {
          case .claimed: break
          case .answered(let first): return Self.written(first, form: form)
          case .usedByAnotherRequest:
            throw Problem(
              status: 422,
              detail: "the Idempotency-Key \"\(key)\" was used with another request (another body or route)")
          }
        }
        if let target = route.target, let ifMatch {
          try checkCurrent(target(rowRequest, db), ifMatch: ifMatch, request)
        }
        let answer = try answer(route.handler(rowRequest, db))
        if let key { try keys.record(user: caller.user, key: key, answer) }
        return Self.written(answer, form: form)
      }
    } catch let error as SeedError {
      throw RequestBody.unprocessable(error)
    } catch let refusal as RowRefusal {
      throw Problem(status: refusal.status, detail: refusal.detail)
    }
  }

  /// Throws 404 when the route's target is missing, 412 when `If-Match` names none of its current `ETag`s (those
  /// of its compact and its `pretty=1` form).
  private func checkCurrent(_ current: FeedRow?, ifMatch: String, _ request: HTTPRequest) throws {
    guard let current, let body = try rowDocument(current, width: LayoutWidth.standard) else {
      throw Problem(status: 404, detail: "nothing at \(request.path)")
    }
    let tags = [JSONForm.compact, .pretty].map { EntityTag.of($0.apply(to: body)) }
    guard tags.contains(where: { EntityTag.satisfies(ifMatch: ifMatch, $0) }) else {
      throw Problem(
        status: 412,
        detail: "If-Match names another version of \(request.path) than the current one (GET it for its ETag)")
    }
  }

  /// The answer of a handler's outcome: its status, and the row as `/v1/rows` shows it.
  private func answer(_ outcome: RowOutcome) throws -> IdempotencyKeys.Answer {
    guard let row = outcome.row else { return IdempotencyKeys.Answer(status: outcome.status, location: nil, body: []) }
    guard let body = try rowDocument(row, width: LayoutWidth.standard) else {
      throw Problem(status: 500, detail: "no registered plugin draws the row kind \"\(row.kind)\"")
    }
    return IdempotencyKeys.Answer(status: outcome.status, location: outcome.location, body: body)
  }

  /// The media type and `Location` of an answer.
  private static func headers(of answer: IdempotencyKeys.Answer) -> [HTTPField] {
    var headers: [HTTPField] = []
    if !answer.body.isEmpty { headers.append(HTTPField("Content-Type", MediaType.json)) }
    if let location = answer.location { headers.append(HTTPField("Location", location)) }
    return headers
  }

  /// The response of a write's answer (the first time, and to a request repeating its `Idempotency-Key`): its
  /// headers, the body in `form` and its `ETag`, `Cache-Control: no-store`.
  private static func written(_ answer: IdempotencyKeys.Answer, form: JSONForm) -> HTTPResponse {
    let body = form.apply(to: answer.body)
    var headers = headers(of: answer)
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
