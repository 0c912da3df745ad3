import FeedPlugins
import FeedStore
import HTTPServer
import ImageCore

/// What ``FeedAPI/admission(of:)`` learned from a write's head, handed on with the whole request
/// (``HTTPRequest/admitted``): ``FeedAPI/respond(to:)`` neither routes the request again, nor parses its
/// `Authorization` again, nor verifies its token again; the write's transaction only confirms that token's row
/// (``FeedAPI/authenticate(_:needing:as:in:writing:)``).
struct AdmittedHead: Sendable {
  /// Where the request leads.
  var destination: Destination
  /// The head's `Authorization`, parsed; nil when the destination needs no token (it was not looked at).
  var credential: Credential?
  /// The caller its token proved, and the token's id; nil when the destination needs no token.
  var authentication: Authentication?
}

extension HTTPRequest {
  /// What the head's admission found (``FeedAPI/admission(of:)``); nil for a request the server did not admit
  /// from its head (a `GET`, or a request answered in process).
  var admittedHead: AdmittedHead? { admitted as? AdmittedHead }
}

extension FeedAPI {
  /// What `stackfeed serve`'s HTTP server does with the body of `head`, a request with a body (every method but
  /// `GET` and `HEAD`), from its head alone, before any of the body is read (HTTPServer's ``BodyAdmission``):
  /// the same for every write, a plugin's route or an image's `PUT` and `DELETE`. Nothing at its path (404), its
  /// method not answered there (405), or a caller the route's scope refuses — no token or a malformed one
  /// (``token(in:needing:)``), one unknown or revoked (401) or of a smaller scope (403) — is answered at once,
  /// none of the body read. Otherwise the body is read (up to ``ImageLimits/bytes`` for an image's `PUT`, else
  /// the server's 64 KiB) and the whole request answered by ``respond(to:)`` with what was found here
  /// (``AdmittedHead``).
  ///
  /// The token is verified in a read of the primary database only when it is not remembered
  /// (``TokenCallers``: verified lately by this server, in a read or an admission, and not refused since) with a
  /// scope that allows the route; a remembered one is admitted without a read. Either way the write's
  /// transaction confirms the token's row by its id, so a token revoked before that transaction is refused there
  /// (401, nothing written) and forgotten: its next write is verified from its head again.
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
      var admitted = AdmittedHead(destination: destination)
      if let needed {
        let credential = Credential(head)
        admitted.credential = credential
        admitted.authentication = try admit(Self.token(in: credential, needing: needed), needing: needed)
      }
      return BodyAdmission(limit: limit, admitted: admitted)
    } catch {
      let refusal = counted(refusal(of: error, form: form), to: head, under: destination.meter, since: start)
      return BodyAdmission(limit: limit, refusal: refusal)
    }
  }

  /// What the token `presented` proves to a write's head needing `needed`: what ``tokenCallers`` remembers for
  /// it when that allows `needed`, else the token verified in a read of the primary (401 or 403 as
  /// ``verify(_:needing:in:locking:)`` says), remembered when it stands and forgotten when it is refused.
  private func admit(_ presented: String, needing needed: TokenScope) throws -> Authentication {
    guard let verification = TokenStore.verification(of: presented) else { throw Self.invalidToken }
    if let remembered = tokenCallers[verification], remembered.caller.allows(needed) { return remembered }
    do {
      let verified = try source.readPrimary { db in try verify(presented, needing: needed, in: db) }
      tokenCallers.remember(verified, for: verification)
      return verified
    } catch {
      tokenCallers.remember(nil, for: verification)
      throw error
    }
  }
}
