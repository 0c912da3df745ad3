import FeedStore

/// What a ``RowRoute``'s handler answers: a status, the row to answer with (written as
/// `GET /v1/rows/{kind}/{id}` shows it) or a page of a list (``RowPage``), and the changes of what feeds show that
/// the write made, which the server records in the change log in the write's transaction (FeedStore's `ChangeLog`;
/// docs/HTTP.md, "Live changes") — or a refusal. A plugin names who may see each change: everyone, or the one user
/// whose feed shows the row. A row no feed shows (a catalogue's, ``RowPlacement/catalogue``) changes feeds only
/// through the rows that show it: its writes name those changes (``changing(_:)``).
///
///     return .created(row, location: "/v1/rows/banner/\(id)", for: .everyone)
///     return .updated(row, for: .user(owner)).with(FeedChange(.delete, kind: kind, id: old, for: .user(owner)))
///     return .ok(product).changing(ordersShowingIt)                  // a catalogue row: its feeds' changes only
public struct RowOutcome: Sendable {
  /// The status: 200, 201 or 204.
  public var status: Int
  /// The row answered (none for 204 and for a page).
  public var row: FeedRow?
  /// The page of a list answered, instead of a row.
  public var page: RowPage?
  /// The `Location` of a created row.
  public var location: String?
  /// The changes of what feeds show, in the order they happened (none for a read).
  public var changes: [FeedChange]

  /// 201 with `row`, which is found at `location` from now on: its insert, seen by `audience` (`nil`: a row no
  /// feed shows, no change).
  public static func created(_ row: FeedRow, location: String, for audience: FeedChange.Audience?) -> RowOutcome {
    RowOutcome(
      status: 201, row: row, page: nil, location: location,
      changes: audience.map { [FeedChange(.insert, kind: row.kind, id: row.id, for: $0)] } ?? [])
  }

  /// 200 with `row`, which the write changed: its update, seen by `audience`.
  public static func updated(_ row: FeedRow, for audience: FeedChange.Audience) -> RowOutcome {
    RowOutcome(
      status: 200, row: row, page: nil, location: nil,
      changes: [FeedChange(.update, kind: row.kind, id: row.id, for: audience)])
  }

  /// 204: the row `kind`/`id` was deleted, seen by `audience` (`nil`: a row no feed shows, no change).
  public static func deleted(kind: String, id: String, for audience: FeedChange.Audience?) -> RowOutcome {
    RowOutcome(
      status: 204, row: nil, page: nil, location: nil,
      changes: audience.map { [FeedChange(.delete, kind: kind, id: id, for: $0)] } ?? [])
  }

  /// 200 with `row`, read (nothing changed), or a row no feed shows that the write changed (with the changes of
  /// the rows that show it, ``changing(_:)``).
  public static func ok(_ row: FeedRow) -> RowOutcome {
    RowOutcome(status: 200, row: row, page: nil, location: nil, changes: [])
  }

  /// 200 with a page of a list (a `GET` of a collection): nothing changed.
  public static func ok(_ page: RowPage) -> RowOutcome {
    RowOutcome(status: 200, row: nil, page: page, location: nil, changes: [])
  }

  /// This outcome with one more change after its own (e.g. the row a new one replaces in a feed).
  public func with(_ change: FeedChange) -> RowOutcome {
    changing([change])
  }

  /// This outcome with `changes` after its own (e.g. the orders that show a changed product).
  public func changing(_ changes: [FeedChange]) -> RowOutcome {
    var outcome = self
    outcome.changes += changes
    return outcome
  }
}

/// A request a handler refuses with a status other than 422 (which a ``SeedError`` gives): e.g. 404 for a row
/// that is not there, 409 for an id that is taken. Throw it from a handler; the transaction rolls back.
public struct RowRefusal: Error, Sendable, Hashable {
  /// The HTTP status.
  public var status: Int
  /// One sentence saying why.
  public var detail: String
  /// The query parameter at fault (a 400), if any.
  public var parameter: String? = nil

  /// 404: nothing at this path (also for a row the caller may not see: never reveal that it exists).
  public static func notFound(_ detail: String) -> RowRefusal {
    RowRefusal(status: 404, detail: detail)
  }

  /// 400: the query parameter `name` (one the route takes, ``RowRoute/query``) has a bad value.
  public static func badParameter(_ name: String, _ detail: String) -> RowRefusal {
    RowRefusal(status: 400, detail: detail, parameter: name)
  }

  /// 409: the request conflicts with the store, e.g. an id already taken.
  public static func conflict(_ detail: String) -> RowRefusal {
    RowRefusal(status: 409, detail: detail)
  }
}
