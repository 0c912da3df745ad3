import FeedStore
import HTTPServer
import SQLCore

/// Who a request is from, as ``FeedAPI`` resolves it once per request: the ``Caller`` that endpoints and routes
/// receive, and the id of the token that proved it (recorded in ``FeedAPI/tokenUses``).
struct Authentication: Equatable {
  /// The caller: the token's user and scope, or ``Caller/anonymous``.
  var caller: Caller
  /// The id of the token presented, when one was verified.
  var token: String?

  /// A request that needs no token.
  static let anonymous = Authentication(caller: .anonymous, token: nil)
}

extension FeedAPI {
  /// The one way a request is authenticated, for the read endpoints and the plugins' routes alike: the caller of
  /// `request` to what needs a token of scope `needed` (nil: no token, and none is looked at), verified in `db`
  /// — the transaction that answers the request (a write's own, or the read's), on the primary database — so a
  /// token revoked before that transaction began is refused. `given` is a caller the embedding code
  /// authenticated itself.
  ///
  /// Throws what ``checkPresented(_:needing:as:)`` throws, 401 `invalid_token` for a token that is unknown,
  /// revoked, not a token at all, or whose user is gone, and ``Problem/scope(_:refusedTo:)`` (403
  /// `insufficient_scope`) when the token's scope is smaller than `needed` (RFC 6750 §3). No message contains
  /// the token.
  ///
  /// In a write (`writing`), the token's row stays locked until the write ends (``TokenStore/verify(_:locking:)``):
  /// a revocation committed while the write runs waits for it, so no write commits under a revoked token. A
  /// write whose head the server admitted (``admission(of:)``) had its token verified then, or remembered as
  /// verified before (``TokenCallers``): its transaction confirms that token's row instead
  /// (``TokenStore/confirm(id:locking:)``, by its id, no hash computed again), so a token revoked since it was
  /// verified is refused here all the same — and forgotten.
  func authenticate(
    _ request: HTTPRequest, needing needed: TokenScope?, as given: Caller?, in db: StoreConnection,
    writing: Bool = false
  ) throws -> Authentication {
    let presented = try checkPresented(request, needing: needed, as: given)
    return try authenticate(request, presenting: presented, needing: needed, as: given, in: db, writing: writing)
  }

  /// ``authenticate(_:needing:as:in:writing:)`` for the token `presented` that ``checkPresented(_:needing:as:)``
  /// found in `request` (nil: none to verify), so that a caller that checked it already reads `Authorization`
  /// once.
  private func authenticate(
    _ request: HTTPRequest, presenting presented: String?, needing needed: TokenScope?, as given: Caller?,
    in db: StoreConnection, writing: Bool = false
  ) throws -> Authentication {
    guard let needed, let presented else {
      return given.map { Authentication(caller: $0, token: nil) } ?? .anonymous
    }
    if writing, let admitted = request.admittedHead?.authentication, let id = admitted.token,
      admitted.caller.allows(needed)
    {
      guard try TokenStore(db).confirm(id: id, locking: true) else {
        TokenStore.verification(of: presented).map { tokenCallers.remember(nil, for: $0) }
        throw Self.invalidToken
      }
      return admitted
    }
    return try verify(presented, needing: needed, in: db, locking: writing)
  }

  /// The caller the token `presented` proves to what needs `needed`, looked up in `db` (``TokenStore/verify(_:locking:)``,
  /// `locking` its row in a write): 401 `invalid_token` or 403 `insufficient_scope` as
  /// ``authenticate(_:needing:as:in:writing:)`` says.
  func verify(_ presented: String, needing needed: TokenScope, in db: StoreConnection, locking: Bool = false) throws
    -> Authentication
  {
    guard let token = try TokenStore(db).verify(presented, locking: locking) else { throw Self.invalidToken }
    let caller = Caller(user: token.user, scope: token.scope)
    guard caller.allows(needed) else { throw Problem.scope(needed, refusedTo: caller) }
    return Authentication(caller: caller, token: token.id)
  }

  /// The answer to a token that is unknown, revoked, not a token at all, or whose user is gone.
  static let invalidToken = Problem(
    status: 401, detail: "the token sent is not valid: unknown, revoked, or its user is gone",
    headers: [HTTPField("WWW-Authenticate", #"Bearer error="invalid_token""#)])

  /// Runs `body` in one read of the feed for the caller of `request` to what needs a token of scope `needed`,
  /// authenticated (``authenticate(_:needing:as:in:writing:)``) in that read — or, when the feed is read from a replica
  /// (``FeedSource/readsReplica``), in a read of the primary just before it: tokens are revoked there, and a
  /// replica may not have replayed the revocation yet. `usedToken` is the id of the token verified, if any.
  ///
  /// The read sees the commit the request's `Stackfeed-Commit` names (``CommitHeader``; 400 when malformed).
  /// Before its first statement it sends ahead (``StoreConnection/sendAhead(_:)``: one round trip on PostgreSQL;
  /// nothing is worked out on SQLite, where it saves nothing)
  /// the token's verification and what `ahead` says `body` will read for the caller — the one the token proved
  /// when it was last verified (``TokenCallers``); for a token not remembered, only its verification, and what
  /// `body` reads once the token is verified.
  func read<T>(
    _ request: HTTPRequest, needing needed: TokenScope?, as given: Caller?, usedToken: inout String?,
    ahead: (FeedSnapshot, Caller) -> [SQLQuery] = { _, _ in [] }, _ body: (FeedSnapshot, Caller) throws -> T
  ) throws -> T {
    let commit = try CommitHeader.version(of: request)
    if source.readsReplica, needed != nil, given == nil {
      let authentication = try source.readPrimary { db in
        try authenticate(request, needing: needed, as: given, in: db)
      }
      usedToken = authentication.token
      return try source.read(seeing: commit) { snapshot in
        if snapshot.database.sendsAhead { try snapshot.database.sendAhead(ahead(snapshot, authentication.caller)) }
        return try body(snapshot, authentication.caller)
      }
    }
    let presented = try needed.flatMap { try checkPresented(request, needing: $0, as: given) }
    return try source.read(seeing: commit) { snapshot in
      let db = snapshot.database
      let verification = db.sendsAhead ? presented.flatMap(TokenStore.verification(of:)) : nil
      let guessed = presented == nil ? given ?? .anonymous : verification.flatMap { tokenCallers[$0]?.caller }
      if db.sendsAhead {
        try db.sendAhead((verification.map { [$0] } ?? []) + (guessed.map { ahead(snapshot, $0) } ?? []))
      }
      let authentication: Authentication
      do {
        authentication = try authenticate(
          request, presenting: presented, needing: needed, as: given, in: snapshot.database)
      } catch {
        if let verification { tokenCallers.remember(nil, for: verification) }
        throw error
      }
      if let verification { tokenCallers.remember(authentication, for: verification) }
      if db.sendsAhead, authentication.caller != guessed {  // a token not remembered: the body's in a second trip
        try db.sendAhead(ahead(snapshot, authentication.caller))
      }
      usedToken = authentication.token
      return try body(snapshot, authentication.caller)
    }
  }

  /// What can be told of the request's authentication before the store is read, checked first so that a
  /// request without a usable credential is refused before its body is read: the bearer token to verify
  /// (nil when nothing needs verifying: no token `needed`, or a `given` caller, whose scope is checked here).
  /// The `Authorization` header is parsed once a request: a write's head at its admission, which hands the
  /// credential on (``AdmittedHead/credential``). Throws what ``token(in:needing:)`` throws.
  func checkPresented(_ request: HTTPRequest, needing needed: TokenScope?, as given: Caller?) throws(Problem)
    -> String?
  {
    guard let needed else { return nil }
    if let given {
      guard given.allows(needed) else { throw Problem.scope(needed, refusedTo: given) }
      return nil
    }
    return try Self.token(in: request.admittedHead?.credential ?? Credential(request), needing: needed)
  }

  /// The bearer token `credential` presents to what needs a token of scope `needed`. Throws 400
  /// `invalid_request` for a malformed `Authorization: Bearer …` (RFC 6750 §3.1), and
  /// ``Problem/scope(_:refusedTo:)`` — 401 `WWW-Authenticate: Bearer` — when none is sent.
  static func token(in credential: Credential, needing needed: TokenScope) throws(Problem) -> String {
    switch credential {
    case .none: throw Problem.scope(needed, refusedTo: .anonymous)
    case .malformed:
      throw Problem(
        status: 400, detail: "the Authorization header is malformed: Bearer takes one token (Bearer TOKEN)",
        headers: [HTTPField("WWW-Authenticate", #"Bearer error="invalid_request""#)])
    case .bearer(let token): return token
    }
  }
}
