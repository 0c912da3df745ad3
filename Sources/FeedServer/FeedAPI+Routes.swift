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
  /// (``RequestBody``: 413/415/400/422), then one transaction of the store — a read for `GET`, else a write —
  /// in which the target's current `ETag` is checked (404/412) and the handler runs. A handler's ``SeedError``
  /// is a 422 naming the field, its ``RowRefusal`` the refusal's status.
  func routed(_ request: HTTPRequest, as caller: Caller) throws -> HTTPResponse? {
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
    try Query(request.query).finish()
    let ifMatch = request.header("If-Match")
    if route.target != nil, ifMatch == nil {
      throw Problem(
        status: 428, detail: "\(request.method) \(request.path) needs If-Match with the row's ETag (as GET gives it)")
    }
    let body = route.method.takesBody ? try RequestBody.record(of: request) : nil
    var context = contexts.context(for: defaultZone)
    context.viewer = caller.user
    let rowRequest = RowRequest(
      user: caller.user, scope: caller.scope, parameters: parameters, body: body, context: context, now: now())
    do {
      if route.method == .get {
        return try source.read { snapshot in
          Self.tagged(try answer(route.handler(rowRequest, snapshot.database), to: request))
        }
      }
      return try source.write { db in
        if let target = route.target, let ifMatch {
          try checkCurrent(target(rowRequest, db), ifMatch: ifMatch, request)
        }
        var response = try answer(route.handler(rowRequest, db), to: request)
        response.headers.append(HTTPField("Cache-Control", "no-store"))
        return response
      }
    } catch let error as SeedError {
      throw RequestBody.unprocessable(error)
    } catch let refusal as RowRefusal {
      throw Problem(status: refusal.status, detail: refusal.detail)
    }
  }

  /// Throws 404 when the route's target is missing, 412 when `If-Match` names none of its current `ETag`s.
  private func checkCurrent(_ current: FeedRow?, ifMatch: String, _ request: HTTPRequest) throws {
    guard let current, let body = rowDocument(current, width: LayoutWidth.standard) else {
      throw Problem(status: 404, detail: "nothing at \(request.path)")
    }
    guard EntityTag.satisfies(ifMatch: ifMatch, EntityTag.of(body)) else {
      throw Problem(
        status: 412,
        detail: "If-Match names another version of \(request.path) than the current one (GET it for its ETag)")
    }
  }

  /// The response of a handler's outcome: the row as `/v1/rows` shows it, with its `ETag` and `Location`.
  private func answer(_ outcome: RowOutcome, to request: HTTPRequest) throws -> HTTPResponse {
    guard let row = outcome.row else { return HTTPResponse(status: outcome.status) }
    guard let body = rowDocument(row, width: LayoutWidth.standard) else {
      throw Problem(status: 500, detail: "no registered plugin draws the row kind \"\(row.kind)\"")
    }
    var headers = [HTTPField("Content-Type", MediaType.json)]
    if let location = outcome.location { headers.append(HTTPField("Location", location)) }
    if request.method != "GET" && request.method != "HEAD" {
      headers.append(HTTPField("ETag", EntityTag.of(body)))
    }
    return HTTPResponse(status: outcome.status, headers: headers, body: body)
  }
}
