import FeedStore

/// What a ``RowRoute``'s handler answers: a status, the row to answer with (written as
/// `GET /v1/rows/{kind}/{id}` shows it), and the changes of what feeds show that the write made, which the
/// server records in the change log in the write's transaction (FeedStore's `ChangeLog`; docs/HTTP.md, "Live
/// changes") — or a refusal. A plugin names who may see each change: everyone, or the one user whose feed shows
/// the row.
///
///     return .created(row, location: "/v1/rows/banner/\(id)", for: .everyone)
///     return .updated(row, for: .user(owner)).with(FeedChange(.delete, kind: kind, id: old, for: .user(owner)))
public struct RowOutcome: Sendable {
  /// The status: 200, 201 or 204.
  public var status: Int
  /// The row answered (none for 204).
  public var row: FeedRow?
  /// The `Location` of a created row.
  public var location: String?
  /// The changes of what feeds show, in the order they happened (none for a read).
  public var changes: [FeedChange]

  /// 201 with `row`, which is found at `location` from now on: its insert, seen by `audience`.
  public static func created(_ row: FeedRow, location: String, for audience: FeedChange.Audience) -> RowOutcome {
    RowOutcome(
      status: 201, row: row, location: location,
      changes: [FeedChange(.insert, kind: row.kind, id: row.id, for: audience)])
  }

  /// 200 with `row`, which the write changed: its update, seen by `audience`.
  public static func updated(_ row: FeedRow, for audience: FeedChange.Audience) -> RowOutcome {
    RowOutcome(
      status: 200, row: row, location: nil, changes: [FeedChange(.update, kind: row.kind, id: row.id, for: audience)])
  }

  /// 204: the row `kind`/`id` was deleted, seen by `audience`.
  public static func deleted(kind: String, id: String, for audience: FeedChange.Audience) -> RowOutcome {
    RowOutcome(status: 204, row: nil, location: nil, changes: [FeedChange(.delete, kind: kind, id: id, for: audience)])
  }

  /// 200 with `row`, read: nothing changed.
  public static func ok(_ row: FeedRow) -> RowOutcome {
    RowOutcome(status: 200, row: row, location: nil, changes: [])
  }

  /// This outcome with one more change after its own (e.g. the row a new one replaces in a feed).
  public func with(_ change: FeedChange) -> RowOutcome {
    var outcome = self
    outcome.changes.append(change)
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

  /// 404: nothing at this path (also for a row the caller may not see: never reveal that it exists).
  public static func notFound(_ detail: String) -> RowRefusal {
    RowRefusal(status: 404, detail: detail)
  }

  /// 409: the request conflicts with the store, e.g. an id already taken.
  public static func conflict(_ detail: String) -> RowRefusal {
    RowRefusal(status: 409, detail: detail)
  }
}
