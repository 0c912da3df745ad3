/// What an API token lets its holder do. Each scope includes those before it: `write` can read, `admin` can
/// write. Stored and printed by its raw value (`stackfeed token create --scope write`). Which scope a row kind's
/// route needs is the kind's to say (FeedPlugins' `RowRoute.scope`; docs/HTTP.md, "Writes", lists the built-in
/// kinds' routes): the accounts know no kind.
public enum TokenScope: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Read the feed as the holder sees it, and what is the holder's own (the `/v1/me` routes).
  case read
  /// Also write as the holder: the routes a kind opens to the owners of its rows.
  case write
  /// Also read and write what is anyone's: the routes a kind keeps for administrators.
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
