import SQLCore
import Synchronization

/// What each token that was verified lately proved — its caller and its id (``Authentication``) — by the statement
/// that verifies the token (which holds the token's SHA-256, never the token). Two uses, neither of them a
/// verification:
/// - the guess a read makes of whose page it reads before the token is verified, so that the token's
///   verification and the page's statements go to the store in one round trip
///   (``FeedAPI/read(_:needing:as:usedToken:ahead:_:)``); the read still verifies the token, and a wrong guess
///   costs round trips, never a wrong answer;
/// - a write's head admitted without a read (``FeedAPI/admission(of:)``): the write's transaction confirms the
///   token's row by its id, so a token revoked since it was remembered costs its body's reading, then 401 with
///   nothing written, and is forgotten.
///
/// A token is forgotten at once when a write refuses it (at its head or in its transaction), or a read that sent
/// its verification ahead does. At most ``capacity`` tokens (then it starts afresh).
final class TokenCallers: Sendable {
  /// The most tokens remembered: about 3 MB.
  static let capacity = 16_384

  private let callers = Mutex<[SQLQuery: Authentication]>([:])

  /// The tokens remembered.
  var count: Int { callers.withLock { $0.count } }

  /// What the token `verification` verifies proved last time, if it is remembered.
  subscript(verification: SQLQuery) -> Authentication? {
    callers.withLock { $0[verification] }
  }

  /// Remembers that the token `verification` verifies proved `authentication`, or (nil) forgets it: it was
  /// refused.
  func remember(_ authentication: Authentication?, for verification: SQLQuery) {
    callers.withLock { callers in
      guard let authentication else {
        callers[verification] = nil
        return
      }
      guard callers[verification] != authentication else { return }
      if callers.count >= Self.capacity { callers = [:] }
      callers[verification] = authentication
    }
  }
}
