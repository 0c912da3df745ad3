import FeedStore
import HTTPServer

/// Who a request is from, as ``FeedAPI`` resolves it once per request: the ``Caller`` that endpoints receive,
/// and the id of the token that proved it (recorded in ``FeedAPI/tokenUses``).
struct Authentication {
  /// The caller: the token's user and scope, or ``Caller/anonymous``.
  var caller: Caller
  /// The id of the token presented, when one was verified.
  var token: String?

  /// A request that needs no token.
  static let anonymous = Authentication(caller: .anonymous, token: nil)
}

extension FeedAPI {
  /// The authentication of `request` to a route that needs a token of scope `needed` (nil: no token): `given`
  /// when the embedding code authenticated the caller itself, else the caller its bearer token proves
  /// (``verifiedCaller(of:in:)``, in `snapshot`: the read that answers the request, so a token revoked before
  /// it began is refused). A route that needs no token does not look at one.
  ///
  /// Throws 401 `invalid_token` for a bad token, and ``Problem/scope(_:refusedTo:)`` when the caller's scope is
  /// smaller than `needed`: 401 `WWW-Authenticate: Bearer` without a token, 403 `error="insufficient_scope"`
  /// with one (RFC 6750 §3). No message contains the token.
  func authenticate(
    _ request: HTTPRequest, needing needed: TokenScope?, as given: Caller?, in snapshot: FeedSnapshot
  ) throws -> Authentication {
    guard let needed else { return .anonymous }
    let authentication =
      try given.map { Authentication(caller: $0, token: nil) } ?? verifiedCaller(of: request, in: snapshot)
    guard authentication.caller.allows(needed) else { throw Problem.scope(needed, refusedTo: authentication.caller) }
    return authentication
  }

  /// The caller of a request to a plugin's route (``RowWriter``, which checks the scope the route needs):
  /// `given`, else the one the bearer token proves, verified in a read of its own (only when a token was
  /// sent). With ``requireAuth`` it needs at least `read`, as every `/v1` route does.
  func routeCaller(of request: HTTPRequest, as given: Caller?) throws -> Authentication {
    var authentication = given.map { Authentication(caller: $0, token: nil) } ?? .anonymous
    if given == nil, case .bearer = Credential(request) {
      authentication = try source.read { snapshot in try verifiedCaller(of: request, in: snapshot) }
    }
    if requireAuth, !authentication.caller.allows(.read) {
      throw Problem.scope(.read, refusedTo: authentication.caller)
    }
    return authentication
  }

  /// The caller `request`'s bearer token proves, looked up in `snapshot`: anonymous without one (no
  /// `Authorization`, or another scheme); 401 with `WWW-Authenticate: Bearer error="invalid_token"` when the
  /// token sent is unknown, revoked, not a token at all, or its user is gone.
  func verifiedCaller(of request: HTTPRequest, in snapshot: FeedSnapshot) throws -> Authentication {
    guard case .bearer(let presented) = Credential(request) else { return .anonymous }
    guard let token = try TokenStore(snapshot.database).verify(presented) else {
      throw Problem(
        status: 401, detail: "the token sent is not valid: unknown, revoked, or its user is gone",
        headers: [HTTPField("WWW-Authenticate", #"Bearer error="invalid_token""#)])
    }
    return Authentication(caller: Caller(user: token.user, scope: token.scope), token: token.id)
  }
}
