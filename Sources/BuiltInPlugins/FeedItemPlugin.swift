import FeedModels
import FeedPlugins
import FeedStore
import FeedViewModels
import JSONCore
import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The feed items (`feed_items.json`): the feed's main list, in `position` order, paged by position.
public struct FeedItemPlugin: RowPlugin {
  /// One statement per job, the same on SQLite and PostgreSQL (`$N` parameters, `IS DISTINCT FROM`, the
  /// upsert's columns qualified by the table's name).
  enum SQL {
    /// Moves whatever item holds position $1 (other than $2) to the end, freeing the slot.
    static let freePosition = """
      UPDATE feed_item SET position = (SELECT max(position) + 1 FROM feed_item) WHERE position = $1 AND id <> $2
      """
    static let upsert = """
      INSERT INTO feed_item (id, title, subtitle, tag, image, position) VALUES ($1, $2, $3, $4, $5, $6)
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, subtitle = excluded.subtitle, tag = excluded.tag,
        image = excluded.image, position = excluded.position
      WHERE feed_item.title IS DISTINCT FROM excluded.title OR feed_item.subtitle IS DISTINCT FROM excluded.subtitle
        OR feed_item.tag IS DISTINCT FROM excluded.tag OR feed_item.image IS DISTINCT FROM excluded.image
        OR feed_item.position IS DISTINCT FROM excluded.position
      """
    static let insert =
      "INSERT INTO feed_item (id, title, subtitle, tag, image, position) VALUES ($1, $2, $3, $4, $5, $6)"
    static let lastPosition = "SELECT coalesce(max(position), 0) FROM feed_item"
    static let deleteAll = "DELETE FROM feed_item"
    /// The table, whose writers of positions take turns (`StoreConnection.takeWriteTurn(on:)`).
    static let table = "feed_item"
    static let page = """
      SELECT id, title, subtitle, tag, image, position FROM feed_item WHERE position > $1 ORDER BY position LIMIT $2
      """
    static let byID = "SELECT id, title, subtitle, tag, image, position FROM feed_item WHERE id = $1"
    static let bounds = "SELECT min(position), max(position) FROM feed_item"
    static let previous = "SELECT max(position) FROM feed_item WHERE position < $1"
    static let shiftDown = "UPDATE feed_item SET position = position - $1 WHERE position <= $2"
    static let shiftUp = "UPDATE feed_item SET position = position + $1 WHERE position >= $2"
    static let update = "UPDATE feed_item SET title = $2, subtitle = $3, tag = $4, image = $5 WHERE id = $1"
    static let delete = "DELETE FROM feed_item WHERE id = $1"
  }

  /// Creates the plugin.
  public init() {}

  /// `feed_item`.
  public var kind: String { "feed_item" }
  /// The main list.
  public var placement: RowPlacement { .stream }
  /// Its bundled `Migrations/feed_item/`.
  public var migrations: [Migration] { BuiltInFiles.feedItem.migrations }
  /// `feed_items.json`.
  public var seedFiles: [String] { ["feed_items.json"] }
  /// Its bundled `Seeds/feed_item/`: the reference feed's.
  public var defaultSeeds: [String: Data] { BuiltInFiles.feedItem.seeds }

  /// Reads `feed_items.json`: an array of records by ``Rules/record`` (`{id, title, subtitle?, tag?, image?}`)
  /// with unique ids.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> [FeedItem]? {
    try files.models("feed_items.json", checkedBy: Rules.record, Self.item(id:from:))
  }

  /// The item `id` of a record checked by ``Rules``: `title` a string, `subtitle`, `tag` and `image` strings or
  /// null (or absent).
  static func item(id: String, from record: SeedRecord) throws(SeedError) -> FeedItem {
    FeedItem(
      id: id, title: try record.string("title"), subtitle: try record.optionalString("subtitle"),
      tag: try record.optionalString("tag"), image: try record.optionalString("image"))
  }

  /// Upserts the items by id and puts them at positions 1…n in array order; an item of another id that held
  /// one of those positions moves to the end of the feed. Re-seeding the same file changes nothing.
  public func writeSeed(_ seed: [FeedItem], to db: StoreConnection) throws {
    try db.takeWriteTurn(on: SQL.table)
    let free = try db.prepare(SQL.freePosition)
    let upsert = try db.prepare(SQL.upsert)
    for (offset, item) in seed.enumerated() {
      let position = Int64(offset + 1)
      try free.run([.integer(position), .text(item.id)])
      try upsert.run([
        .text(item.id), .text(item.title), SQLValue(item.subtitle), SQLValue(item.tag), SQLValue(item.image),
        .integer(position),
      ])
    }
  }

  /// Deletes every feed item.
  public func deleteAll(in db: StoreConnection) throws {
    try db.execute(SQL.deleteAll)
  }

  /// Streams the items after position `key`, in position order; the key is the position. Feed items are shared:
  /// every viewer sees the same.
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, FeedItem) throws -> Void
  ) throws {
    let page = Self.page(after: key, limit: limit)
    try db.query(page.sql, page.arguments, rowsAtMost: limit) { row in
      try body(try row.int64(at: 5), try Self.item(row))
    }
  }

  /// The page's one query.
  public func statements(after key: Int64?, limit: Int?, context: RowContext) -> [SQLQuery] {
    [Self.page(after: key, limit: limit)]
  }

  /// The items after `key` in feed order, at most `limit` of them.
  private static func page(after key: Int64?, limit: Int?) -> SQLQuery {
    // No limit: the largest one (PostgreSQL refuses SQLite's -1).
    SQLQuery(SQL.page, [.integer(key ?? Int64.min), .integer(limit.map(Int64.init) ?? Int64.max)])
  }

  /// Writes the items after position `key` as JSON rows straight from the query's rows: each text read in place
  /// and made by ``FeedItemViewModel``'s formatters into `bytes` (``StoredTexts``), the same bytes as the rows of
  /// ``loadRows(from:after:limit:context:_:)``.
  public func writeRows(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext, to writer: inout JSONRowWriter,
    _ bytes: inout ByteBuffer, admitting admit: (Int64) throws -> Void
  ) throws {
    let page = Self.page(after: key, limit: limit)
    let kind = kind
    try db.query(page.sql, page.arguments, rowsAtMost: limit) { row in
      try admit(try row.int64(at: 5))
      writer.write(kind: kind, id: try ColumnText(row, at: 0), texts: try StoredTexts(row), to: &bytes)
    }
  }

  /// The name of an item's text `index`, in the order they are printed: `title`, `subtitle`, `tag`, `image`.
  static func textName(_ index: Int) -> String {
    switch index {
    case 0: "title"
    case 1: "subtitle"
    case 2: "tag"
    default: "image"
    }
  }

  /// The texts of a `SQL.page` or `SQL.byID` result row, read in place: what ``row(for:)`` shows of the item, made
  /// by the same formatters.
  struct StoredTexts: RowTexts {
    let title: ColumnText
    let subtitle: ColumnText?
    let tag: ColumnText?
    let image: ColumnText?

    /// The texts of `row`; throws for a column of another type (as ``FeedItemPlugin/item(_:)`` does).
    init(_ row: StoreRow) throws {
      title = try ColumnText(row, at: 1)
      subtitle = try ColumnText(optional: row, at: 2)
      tag = try ColumnText(optional: row, at: 3)
      image = try ColumnText(optional: row, at: 4)
    }

    /// Four.
    var count: Int { 4 }

    /// The name of text `index`.
    func name(at index: Int) -> String { FeedItemPlugin.textName(index) }

    /// The name of text `index` as a JSON string, a literal: ``FeedItemPlugin/textName(_:)`` quoted (JSONPageTests
    /// compare these rows with those of ``FeedItemPlugin/row(for:)``, byte for byte).
    func writeName(at index: Int, to bytes: inout ByteBuffer) {
      switch index {
      case 0: bytes.append(literal: #""title""#)
      case 1: bytes.append(literal: #""subtitle""#)
      case 2: bytes.append(literal: #""tag""#)
      default: bytes.append(literal: #""image""#)
      }
    }

    /// Writes text `index` with its formatter.
    func write(at index: Int, to out: inout some TextOutput & ~Copyable) -> Bool {
      switch index {
      case 0:
        FeedItemViewModel.title(title, to: &out)
        return true
      case 1: return FeedItemViewModel.subtitle(subtitle, to: &out)
      case 2: return FeedItemViewModel.tag(tag, to: &out)
      default: return FeedItemViewModel.image(image, to: &out)
      }
    }
  }

  /// The item with `id`, by its primary key (not a scan of a million items).
  public func loadRow(id: String, from db: StoreConnection, context: RowContext) throws -> FeedRow? {
    var found: FeedRow?
    try db.query(SQL.byID, [.text(id)]) { row in
      found = self.row(for: viewModel(for: try Self.item(row), context: context))
    }
    return found
  }

  /// The item of a `SQL.page` or `SQL.byID` result row.
  static func item(_ row: StoreRow) throws -> FeedItem {
    // Each column bound first: with the `try`s inside the call, the item was built and then copied (five
    // retains and releases per row of `list`, docs/BENCHMARKS.md "Reads, writes, paging").
    let id = try row.string(at: 0)
    let title = try row.string(at: 1)
    let subtitle = try row.optionalString(at: 2)
    let tag = try row.optionalString(at: 3)
    let image = try row.optionalString(at: 4)
    return FeedItem(id: id, title: title, subtitle: subtitle, tag: tag, image: image)
  }

  /// The card texts.
  public func viewModel(for model: FeedItem, context: RowContext) -> FeedItemViewModel {
    FeedItemViewModel(item: model)
  }

  /// `title`, `subtitle`, `tag`, `image`.
  public func row(for viewModel: consuming FeedItemViewModel) -> FeedRow {
    FeedRow(
      kind: kind, id: viewModel.id,
      texts: [
        RowText(Self.textName(0), viewModel.title), RowText(Self.textName(1), viewModel.subtitle),
        RowText(Self.textName(2), viewModel.tag), RowText(Self.textName(3), viewModel.image),
      ],
      viewModel: viewModel)
  }
}
