import CivilTime
import FeedModels
import FeedStore
import FeedViewModels
import JSONCore
import SQLCore
import StackLayout
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a plugin's rows go in the composed feed.
public enum RowPlacement: Sendable, Hashable {
  /// Before everything else, in registry order (the header).
  case leading
  /// The feed's main list, in key order and paged by key (the feed items). At most one plugin per registry.
  case stream
  /// Inserted before the stream row at this index, or after the last stream row when the stream is shorter
  /// (the latest order, at index 1).
  case inserted(at: Int)
  /// After everything else, in registry order.
  case trailing
  /// Not in the feed: a catalogue the other kinds refer to (the products orders name), whose rows are read by id
  /// (``RowPlugin/loadRow(id:from:context:)``, `/v1/rows/{kind}/{id}`) and through the kind's own routes.
  case catalogue
}

/// A row kind of the feed as one vertical slice: its tables (migrations), its seed file(s), validating and
/// writing its seed records (``SeedLoader``), loading its models, and turning them into view models, output
/// rows and cards.
///
/// A new row kind is one type conforming to this protocol, passed to a ``PluginRegistry`` (or to the CLI's
/// `Stackfeed.main(plugins:)`); the composer, the seeder, the renderers and the commands do not change.
///
///     struct BannerPlugin: RowPlugin {
///       let kind = "banner"
///       let placement = RowPlacement.trailing
///       let migrations = [Migration(name: "9001_banner_create", sql: "CREATE TABLE banner (…)")]
///       let seedFiles = ["banners.json"]
///       …
///     }
public protocol RowPlugin: SeedLoader {
  /// What one loaded row is made of (e.g. a `FeedItem`).
  associatedtype Model: Sendable
  /// The formatted texts of one row (e.g. a `FeedItemViewModel`).
  associatedtype ViewModel: Sendable

  /// The row kind: the JSON `kind`, and the `<kind>` of migration names `NNNN_<kind>_<what>`. Letters, digits,
  /// `_` and `-`; never another kind followed by `_` (the registry refuses `order` next to `order_note`).
  var kind: String { get }
  /// Where the rows go in the feed.
  var placement: RowPlacement { get }
  /// The migrations creating the plugin's tables, named `NNNN_<kind>_<what>` (the built-in kinds' are their
  /// bundled `Migrations/<kind>/`, FeedStore's `BundledFiles.owned(by:)`).
  var migrations: [Migration] { get }
  /// Seed files the plugin ships (file name → bytes): `seed` without `--from` loads them with the core accounts'
  /// (``PluginRegistry/defaultSeedFolder``), and so does `list` when it creates the default database. Empty by
  /// default (the built-in kinds' are their bundled `Seeds/<kind>/`).
  var defaultSeeds: [String: Data] { get }

  /// Streams the plugin's models in feed order with their keys (increasing), starting after `key` and
  /// stopping after `limit` models when given, for the context's ``RowContext/viewer`` (a kind whose rows are
  /// the same for everyone ignores it; the header and the order row are the viewer's own).
  func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, Model) throws -> Void
  ) throws
  /// The statements ``loadModels(from:after:limit:context:_:)`` runs for these arguments, when the plugin can tell
  /// them before it runs: a page says every plugin's statements before it reads (``StoreConnection/sendAhead(_:)``),
  /// so that on PostgreSQL they go in one round trip. A statement left out, or said with other arguments than it
  /// runs with, costs a round trip of its own, never a wrong row. None by default.
  func statements(after key: Int64?, limit: Int?, context: RowContext) -> [SQLQuery]
  /// The view model of one model, formatted in `context`.
  func viewModel(for model: Model, context: RowContext) -> ViewModel
  /// The output row (id, texts, lists) of one view model.
  func row(for viewModel: consuming ViewModel) -> FeedRow
  /// The row's card: its layout tree, built with StackLayout's builder, parts named by `id`, tappable parts
  /// carrying an `action`. The root is laid out at the feed's width and its fitted height is the row's height.
  func card(for viewModel: ViewModel) -> LayoutNode

  /// Streams the output rows in feed order with their keys: ``loadModels(from:after:limit:context:_:)``, then
  /// ``viewModel(for:context:)`` and ``row(for:)`` for each model. The composer calls this once per query, so
  /// the default implementation is compiled for each conforming type (no per-row generic dispatch).
  func loadRows(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, FeedRow) throws -> Void
  ) throws

  /// Writes the JSON of the rows ``loadRows(from:after:limit:context:_:)`` streams, each as `writer` writes its
  /// ``FeedRow``, into `bytes`, calling `admit` with each row's key before writing it (it throws to stop). The
  /// default writes each ``FeedRow``; a kind whose rows a page is made of (the feed items) writes its texts with
  /// its view model's formatters straight from the database's row (``ColumnText``,
  /// ``JSONRowWriter/write(kind:id:texts:to:)``): the same bytes without a `String`, a view model or a row per text.
  func writeRows(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext, to writer: inout JSONRowWriter,
    _ bytes: inout ByteBuffer, admitting admit: (Int64) throws -> Void
  ) throws

  /// The output row whose id is `id`, or `nil` when the plugin has none (`stackfeed serve`'s
  /// `/v1/rows/{kind}/{id}`). The default reads the plugin's rows in order until it meets it; a plugin with many
  /// rows answers from an index instead.
  func loadRow(id: String, from db: StoreConnection, context: RowContext) throws -> FeedRow?
}

extension RowPlugin {
  /// None.
  public var defaultSeeds: [String: Data] { [:] }

  /// None: each statement is sent when ``loadModels(from:after:limit:context:_:)`` runs it.
  public func statements(after key: Int64?, limit: Int?, context: RowContext) -> [SQLQuery] { [] }

  /// Loads the models and turns each into its output row.
  @inlinable
  public func loadRows(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, FeedRow) throws -> Void
  ) throws {
    try loadModels(from: db, after: key, limit: limit, context: context) { key, model in
      try body(key, row(for: viewModel(for: model, context: context)))
    }
  }

  /// Writes each row's ``FeedRow``.
  @inlinable
  public func writeRows(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext, to writer: inout JSONRowWriter,
    _ bytes: inout ByteBuffer, admitting admit: (Int64) throws -> Void
  ) throws {
    try loadRows(from: db, after: key, limit: limit, context: context) { key, row in
      try admit(key)
      writer.write(row, to: &bytes)
    }
  }

  /// Reads the rows in order until the one with `id`.
  public func loadRow(id: String, from db: StoreConnection, context: RowContext) throws -> FeedRow? {
    do {
      try loadRows(from: db, after: nil, limit: nil, context: context) { _, row in
        if row.id == id { throw RowFound(row: row) }
      }
    } catch let found as RowFound {
      return found.row
    }
    return nil
  }

  /// The card of a row this plugin made (``FeedRow/viewModel`` is its ``ViewModel``); `nil` for another
  /// plugin's row.
  public func card(for row: FeedRow) -> LayoutNode? {
    guard row.kind == kind, let viewModel = row.viewModel as? ViewModel else { return nil }
    return card(for: viewModel)
  }
}

/// Ends the scan of ``RowPlugin/loadRow(id:from:context:)`` at the row it looks for.
private struct RowFound: Error {
  let row: FeedRow
}

/// What a feed is composed for, built once per command: the time zone dates are shown in, and the viewer (the
/// user whose header and orders the feed shows).
///
///     var context = RowContext(timeZone: zone)   // the viewer "default"
///     context.viewer = "u42"                     // the same zone, another user's feed
public struct RowContext: Sendable {
  private let zone: LazyTimeZone

  /// The id of the user the feed is composed for: `default` (whom anonymous requests and commands without
  /// `--user` see) unless set.
  public var viewer: String

  /// The zone dates are shown in.
  public var timeZone: any UTCOffsetSource { zone.value }

  /// Creates a context for `timeZone`: CivilTime's `ZoneInfo`, Foundation's `TimeZone` (a `UTCOffsetSource` where
  /// FeedViewModels is imported) or any other `UTCOffsetSource`.
  public init(timeZone: some UTCOffsetSource, viewer: String = RowContext.defaultViewer) {
    zone = LazyTimeZone { timeZone }
    self.viewer = viewer
  }

  /// Creates a context whose zone is resolved by `resolve` the first time it is read, if ever: the system zone
  /// costs a file read, and a page often shows no date.
  public init(
    resolvingTimeZone resolve: @escaping @Sendable () -> any UTCOffsetSource, viewer: String = RowContext.defaultViewer
  ) {
    zone = LazyTimeZone(resolve)
    self.viewer = viewer
  }

  /// The viewer when none is given: the user `default`.
  public static let defaultViewer = User.defaultID
}

/// The time zone of a ``RowContext``, resolved on first use.
private final class LazyTimeZone: Sendable {
  private let resolve: @Sendable () -> any UTCOffsetSource
  private let resolved = Mutex<(any UTCOffsetSource)?>(nil)

  init(_ resolve: @escaping @Sendable () -> any UTCOffsetSource) {
    self.resolve = resolve
  }

  var value: any UTCOffsetSource {
    resolved.withLock { resolved in
      if let resolved { return resolved }
      let zone = resolve()
      resolved = zone
      return zone
    }
  }
}
