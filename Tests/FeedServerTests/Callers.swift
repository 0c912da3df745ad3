import FeedServer
import FeedStore

/// Callers of the write tests, as a token would make them.
extension Caller {
  /// The user `default` with an admin token.
  static let admin = Caller(user: Caller.anonymous.user, scope: .admin)
  /// `user` with a token of `scope`.
  static func user(_ user: String, _ scope: TokenScope) -> Caller {
    Caller(user: user, scope: scope)
  }
}
