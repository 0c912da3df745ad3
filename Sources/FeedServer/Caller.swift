import FeedModels
import FeedStore

/// Who sent a request, as its `Authorization` header says: the user whose feed the `/v1/me` routes show and
/// whose orders they write, and what the request's token allows. A request without a token is the anonymous
/// caller: the user `default`, no scope (the anonymous read routes only).
public struct Caller: Sendable, Hashable {
  /// The caller of a request without a token.
  public static let anonymous = Caller(user: User.defaultID, scope: nil)

  /// The user's id.
  public var user: String
  /// What the token allows; `nil` without a token.
  public var scope: TokenScope?

  /// A caller acting as `user` with `scope`.
  public init(user: String, scope: TokenScope?) {
    self.user = user
    self.scope = scope
  }

  /// Whether the caller's token allows `needed`.
  public func allows(_ needed: TokenScope) -> Bool {
    guard let scope else { return false }
    return scope >= needed
  }
}
