/// One change of what a feed shows, as a write reports it to the change log (``ChangeLog``): a row of a kind
/// inserted, updated or deleted, seen by everyone or by one user; or a `reload` (a seed: anything may have
/// changed, a client fetches its feed again).
///
///     FeedChange(.insert, kind: "feed_item", id: "f1", for: .everyone)
///     FeedChange(.update, kind: "order", id: "o7", for: .user("u42"))
public struct FeedChange: Sendable, Hashable {
  /// What happened to the row.
  public enum Operation: String, Sendable, Hashable, CaseIterable {
    /// The row is new in the feed.
    case insert
    /// The row is still there and shows something else.
    case update
    /// The row left the feed.
    case delete
    /// Anything may have changed (a seed): no row is named.
    case reload
  }

  /// Who may see a change: the viewers whose feed shows the row.
  public enum Audience: Sendable, Hashable {
    /// Every viewer (a feed item).
    case everyone
    /// The one user (their order).
    case user(String)

    /// The user, nil for everyone: the `audience` column.
    public var user: String? {
      guard case .user(let id) = self else { return nil }
      return id
    }

    /// Whether `viewer`'s feed may show the change.
    public func includes(_ viewer: String) -> Bool {
      user.map { $0 == viewer } ?? true
    }
  }

  /// The operation.
  public var op: Operation
  /// The row's kind (nil for a reload).
  public var kind: String?
  /// The row's id (nil for a reload).
  public var id: String?
  /// Who may see it.
  public var audience: Audience

  /// A change of the row `kind`/`id`, seen by `audience`.
  public init(_ op: Operation, kind: String, id: String, for audience: Audience) {
    self.op = op
    self.kind = kind
    self.id = id
    self.audience = audience
  }

  /// A change as the log holds it (`kind` and `id` nil exactly for a reload).
  init(op: Operation, kind: String?, id: String?, audience: Audience) {
    self.op = op
    self.kind = kind
    self.id = id
    self.audience = audience
  }

  /// Anything may have changed, for everyone: what a seed records.
  public static let reload = FeedChange(op: .reload, kind: nil, id: nil, audience: .everyone)
}

/// A change as the log keeps it: its version and when it was recorded.
public struct LoggedChange: Sendable, Hashable {
  /// The version: the store's change counter taken for it. Versions only grow, and a reader that sees one sees
  /// every smaller one (``ChangeLog``).
  public var version: UInt64
  /// The change.
  public var change: FeedChange
  /// When it was recorded, milliseconds since 1970 (UTC).
  public var time: Int64

  /// A logged change.
  public init(version: UInt64, change: FeedChange, time: Int64) {
    self.version = version
    self.change = change
    self.time = time
  }
}
