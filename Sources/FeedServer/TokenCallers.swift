import SQLCore
import Synchronization

/// The caller each token that was verified lately proved, by the statement that verifies the token (which holds
/// the token's SHA-256, never the token): the guess a read makes of whose page it reads before the token is
/// verified, so that the token's verification and the page's statements go to the store in one round trip
/// (``FeedAPI/read(_:needing:as:usedToken:ahead:_:)``). A guess is never a verification: every request's token is
/// still verified in the read that answers it, and a wrong guess costs round trips, never a wrong answer. At most
/// ``capacity`` tokens (then it starts afresh).
final class TokenCallers: Sendable {
  /// The most tokens remembered: about 2.5 MB.
  static let capacity = 16_384

  private let callers = Mutex<[SQLQuery: Caller]>([:])

  /// The tokens remembered.
  var count: Int { callers.withLock { $0.count } }

  /// The caller the token `verification` verifies proved last time, if it is remembered.
  subscript(verification: SQLQuery) -> Caller? {
    callers.withLock { $0[verification] }
  }

  /// Remembers that the token `verification` verifies proved `caller`, or (nil) forgets it: it was refused.
  func remember(_ caller: Caller?, for verification: SQLQuery) {
    callers.withLock { callers in
      guard let caller else {
        callers[verification] = nil
        return
      }
      guard callers[verification] != caller else { return }
      if callers.count >= Self.capacity { callers = [:] }
      callers[verification] = caller
    }
  }
}
