/// What an API token lets its holder do. Each scope includes those before it: `write` can read, `admin` can
/// write. Stored and printed by its raw value (`stackfeed token create --scope write`).
public enum TokenScope: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Read the holder's own feed and orders.
  case read
  /// Also place orders as the holder.
  case write
  /// Also read anyone's orders, change orders' status and edit the shared feed items.
  case admin

  /// Whether this scope includes `other`.
  public static func < (lhs: TokenScope, rhs: TokenScope) -> Bool {
    lhs.rank < rhs.rank
  }

  private var rank: Int {
    switch self {
    case .read: 0
    case .write: 1
    case .admin: 2
    }
  }
}
