/// What a ``RowRoute``'s handler answers: a status and the row to answer with (written as
/// `GET /v1/rows/{kind}/{id}` shows it), or a refusal.
public struct RowOutcome: Sendable {
  /// The status: 200, 201 or 204.
  public var status: Int
  /// The row answered (none for 204).
  public var row: FeedRow?
  /// The `Location` of a created row.
  public var location: String?

  /// 201 with `row`, which is found at `location` from now on.
  public static func created(_ row: FeedRow, location: String) -> RowOutcome {
    RowOutcome(status: 201, row: row, location: location)
  }

  /// 200 with `row` (read or changed).
  public static func ok(_ row: FeedRow) -> RowOutcome {
    RowOutcome(status: 200, row: row, location: nil)
  }

  /// 204: deleted, nothing to show.
  public static let deleted = RowOutcome(status: 204, row: nil, location: nil)
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
