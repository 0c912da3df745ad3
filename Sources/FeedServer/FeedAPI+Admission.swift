import FeedPlugins
import FeedStore
import HTTPServer
import ImageCore

/// What ``FeedAPI/admission(of:)`` learned from a write's head, handed on with the whole request
/// (``HTTPRequest/admitted``): ``FeedAPI/respond(to:)`` neither routes the request again nor verifies its token
/// again, and the write's transaction only confirms that token's row (``FeedAPI/authenticate(_:needing:as:in:writing:)``).
struct AdmittedHead: Sendable {
  /// Where the request leads.
  var destination: Destination
  /// The caller its token proved; nil when the destination needs no token.
  var authentication: Authentication?
}

extension FeedAPI {
  /// What `stackfeed serve`'s HTTP server does with the body of `head`, a request with a body (every method but
  /// `GET` and `HEAD`), from its head alone, before any of the body is read (HTTPServer's ``BodyAdmission``):
  /// the same for every write, a plugin's route or an image's `PUT` and `DELETE`. Nothing at its path (404), its
  /// method not answered there (405), or a caller the route's scope refuses — no token or a malformed one
  /// (``checkPresented(_:needing:as:)``), one unknown or revoked (401) or of a smaller scope (403), verified
  /// in a read of the primary database — is answered at once, none of the body read. Otherwise the body is
  /// read (up to ``ImageLimits/bytes`` for an image's `PUT`, else the server's 64 KiB) and the whole request
  /// answered by ``respond(to:)`` with what was found here (``AdmittedHead``): the write's transaction confirms
  /// the verified token's row, so a revocation committed in between is still seen (401, nothing written).
  public func admission(of head: HTTPRequest) -> BodyAdmission {
    let start = ContinuousClock.now
    let destination = destination(of: head)
    var limit: Int?
    var parameters = head.query
    let form = (try? JSONForm(taking: &parameters)) ?? .compact
    do {
      let needed: TokenScope?
      switch try destination.answerer(for: head) {
      case .endpoint(let endpoint):
        if case .image = endpoint, head.method == "PUT" { limit = ImageLimits.bytes }
        needed = endpoint.scope(of: head.method, requireAuth: requireAuth)
      case .route(let route, _):
        needed = scope(of: route)
      }
      var authentication: Authentication?
      if let needed, try checkPresented(head, needing: needed, as: nil) != nil {
        authentication = try source.readPrimary { db in try authenticate(head, needing: needed, as: nil, in: db) }
      }
      return BodyAdmission(
        limit: limit, admitted: AdmittedHead(destination: destination, authentication: authentication))
    } catch {
      let refusal = counted(refusal(of: error, form: form), to: head, under: destination.meter, since: start)
      return BodyAdmission(limit: limit, refusal: refusal)
    }
  }
}
