import FeedModels
import FeedPlugins
import FeedStore
import SQLCore

extension FeedItemPlugin: RowRoutes {
  /// `POST /v1/feed-items`, `PATCH` and `DELETE /v1/feed-items/{id}`, for admins; `PATCH` and `DELETE` need
  /// `If-Match` with the item's `ETag` as `GET /v1/rows/feed_item/{id}` gives it. Each reports its change for
  /// everyone (every feed shows every item).
  public var routes: [RowRoute] {
    // The item as `GET /v1/rows/feed_item/{id}` shows it, read locked for the write.
    let current: RowRoute.Target = { request, db in
      try db.queryOne(SQL.byID + db.dialect.locking(table: "feed_item"), [.text(request.parameter("id"))]) { row in
        self.row(for: viewModel(for: try Self.item(row), context: request.context))
      }
    }
    return [
      RowRoute(.post, "/v1/feed-items", scope: .admin, body: Rules.new) { request, db in try create(request, db) },
      RowRoute(.patch, "/v1/feed-items/{id}", scope: .admin, body: Rules.change, target: current) { request, db in
        try change(request, db)
      },
      RowRoute(.delete, "/v1/feed-items/{id}", scope: .admin, target: current) { request, db in
        let id = request.parameter("id")
        try db.execute(SQL.delete, [.text(id)])
        return .deleted(kind: kind, id: id, for: .everyone)
      },
    ]
  }

  /// `POST /v1/feed-items` `{"id"?, "title", "subtitle"?, "tag"?, "image"?, "before"?}`: a new item (a random
  /// UUID id when none is given; 409 when the id is taken) at the top of the feed, or just before the item
  /// `before`.
  private func create(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let record = try request.requireBody()
    try db.takeWriteTurn(on: SQL.table)
    var ids = RandomIDs(.system)
    let id = try record.optionalString("id") == nil ? ids.uuid() : try record.identifier()
    let item = try Self.item(id: id, from: record)
    let before = try record.optionalString("before") == nil ? nil : try record.identifier("before")
    if try loadRow(id: id, from: db, context: request.context) != nil {
      throw RowRefusal.conflict("there is already a feed item with the id \"\(id)\"")
    }
    var next: Int64?
    if let before {
      next = try db.queryOne(SQL.byID, [.text(before)]) { try $0.int64(at: 5) }
      guard next != nil else { throw record.error("before", "there is no feed item with the id \"\(before)\"") }
    }
    let position = try Self.free(before: next, in: db)
    try db.execute(
      SQL.insert,
      [
        .text(item.id), .text(item.title), SQLValue(item.subtitle), SQLValue(item.tag), SQLValue(item.image),
        .integer(position),
      ])
    return .created(
      row(for: viewModel(for: item, context: request.context)), location: "/v1/rows/feed_item/\(id)", for: .everyone)
  }

  /// `PATCH /v1/feed-items/{id}` `{"title"?, "subtitle"?, "tag"?, "image"?}`: the given fields replace the
  /// item's (`null` clears an optional one); the item is checked whole by ``Rules/fields``.
  private func change(_ request: RowRequest, _ db: StoreConnection) throws -> RowOutcome {
    let patch = try request.requireBody()
    let id = request.parameter("id")
    guard let current = try db.queryOne(SQL.byID, [.text(id)], Self.item) else {
      throw RowRefusal.notFound("there is no feed item with the id \"\(id)\"")
    }
    let changed = patch.merged(overTexts: Self.texts(of: current))
    try Rules.fields.check(changed)
    let item = try Self.item(id: id, from: changed)
    try db.execute(
      SQL.update, [.text(id), .text(item.title), SQLValue(item.subtitle), SQLValue(item.tag), SQLValue(item.image)])
    return .updated(row(for: viewModel(for: item, context: request.context)), for: .everyone)
  }

  /// An item's fields as texts, for a change to be laid over.
  private static func texts(of item: FeedItem) -> [(name: String, value: String?)] {
    [("title", item.title), ("subtitle", item.subtitle), ("tag", item.tag), ("image", item.image)]
  }

  /// Room in the feed's `position` order for one item just before the item at position `next` (at the top when
  /// `nil`), without renumbering the feed: the top is below the smallest position; between two items with a
  /// gap, the middle of the gap; between two adjacent items, the shorter side of the feed (the items up to the
  /// first, or from the second on) moves away by its own span plus ``gap`` in one statement (so no item passes
  /// over another: positions stay unique row by row, as PostgreSQL checks them), leaving a gap as wide as
  /// what moved, which the next insertions there halve. See docs/HTTP.md "Feed item positions".
  static func free(before next: Int64?, in db: StoreConnection) throws -> Int64 {
    let (lowest, highest) =
      try db.queryOne(SQL.bounds, []) { (try $0.optionalInt64(at: 0), try $0.optionalInt64(at: 1)) } ?? (nil, nil)
    guard let lowest, let highest else { return 1 }
    guard let next else { return lowest - gap }
    guard let previous = try db.queryOne(SQL.previous, [.integer(next)], { try $0.optionalInt64(at: 0) }) ?? nil
    else { return next - gap }
    if next - previous >= 2 { return previous + (next - previous) / 2 }
    let below = previous - lowest + 1
    let above = highest - next + 1
    if below <= above {
      try db.execute(SQL.shiftDown, [.integer(below + gap), .integer(previous)])
      let moved = previous - below - gap
      return moved + (next - moved) / 2
    }
    try db.execute(SQL.shiftUp, [.integer(above + gap), .integer(next)])
    let moved = next + above + gap
    return previous + (moved - previous) / 2
  }

  /// The room left above the top item and, at least, between items that had to move apart.
  static let gap: Int64 = 1024
}
