import FeedViewModels
import Foundation
import SQLiteCore
import StackLayout
import Synchronization

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
}

/// A row kind of the feed as one vertical slice: its tables (migrations), its seed file(s), validating and
/// writing its seed records, loading its models, and turning them into view models, output rows and cards.
///
/// A new row kind is one type conforming to this protocol and one entry in a ``PluginRegistry``; the composer,
/// the seeder, the renderers and the commands do not change.
///
///     struct BannerPlugin: RowPlugin {
///       let kind = "banner"
///       let placement = RowPlacement.trailing
///       let migrations = [Migration(name: "9001_banner_create", sql: "CREATE TABLE banner (…)")]
///       let seedFiles = ["banners.json"]
///       …
///     }
public protocol RowPlugin: Sendable {
  /// The validated contents of the plugin's seed file(s), ready to write.
  associatedtype Seed: Sendable
  /// What one loaded row is made of (e.g. a `FeedItem`).
  associatedtype Model: Sendable
  /// The formatted texts of one row (e.g. a `FeedItemViewModel`).
  associatedtype ViewModel: Sendable

  /// The row kind: the JSON `kind`, and the `<kind>` of the bundled `Migrations/NNNN_<kind>_<what>.sql` files.
  var kind: String { get }
  /// Where the rows go in the feed.
  var placement: RowPlacement { get }
  /// The migrations creating the plugin's tables (see `BundledMigrations.forKind(_:)` for bundled files).
  var migrations: [Migration] { get }
  /// The seed files the plugin reads, e.g. `["feed_items.json"]`; each is optional in a folder.
  var seedFiles: [String] { get }

  /// Parses and validates the plugin's files among `files` without touching the database; `nil` when none of
  /// them is present. Throws the first problem, naming file, record and field.
  func validateSeed(_ files: SeedFiles) throws(SeedError) -> Seed?
  /// Writes validated records, upserting by id. Runs inside the seeder's single write transaction.
  func writeSeed(_ seed: Seed, to db: Database) throws
  /// Deletes all of the plugin's data (for `seed --reset`), inside the seeder's transaction.
  func deleteAll(in db: Database) throws
  /// Streams the plugin's models in feed order with their keys (increasing), starting after `key` and
  /// stopping after `limit` models when given.
  func loadModels(from db: Database, after key: Int64?, limit: Int?, _ body: (Int64, Model) throws -> Void) throws
  /// The view model of one model, formatted in `context`.
  func viewModel(for model: Model, context: RowContext) -> ViewModel
  /// The output row (id, texts, gallery) of one view model.
  func row(for viewModel: ViewModel) -> FeedRow
  /// The row's card: its layout tree, built with StackLayout's builder, parts named by `id`, tappable parts
  /// carrying an `action`. The root is laid out at the feed's width and its fitted height is the row's height.
  func card(for viewModel: ViewModel) -> LayoutNode
}

extension RowPlugin {
  /// The card of a row this plugin made (``FeedRow/viewModel`` is its ``ViewModel``); `nil` for another
  /// plugin's row.
  public func card(for row: FeedRow) -> LayoutNode? {
    guard row.kind == kind, let viewModel = row.viewModel as? ViewModel else { return nil }
    return card(for: viewModel)
  }
}

/// What formatting depends on, built once per command: the time zone and the formatters for it.
public struct RowContext: Sendable {
  private let dates: LazyOrderDates

  /// The zone dates are shown in.
  public var timeZone: TimeZone { dates.formatter.timeZone }
  /// The order-date formatter for ``timeZone``.
  public var orderDates: OrderDateFormatter { dates.formatter }

  /// Creates a context for `timeZone`.
  public init(timeZone: TimeZone) {
    dates = LazyOrderDates { timeZone }
  }

  /// Creates a context whose zone is resolved by `resolve` the first time a date is formatted, if ever: the
  /// system zone (`TimeZone.current`) costs more than a whole `list --limit 20` page, which often shows no date.
  public init(resolvingTimeZone resolve: @escaping @Sendable () -> TimeZone) {
    dates = LazyOrderDates(resolve)
  }
}

/// The order-date formatter of a ``RowContext``, made on first use.
private final class LazyOrderDates: Sendable {
  private let resolve: @Sendable () -> TimeZone
  private let made = Mutex<OrderDateFormatter?>(nil)

  init(_ resolve: @escaping @Sendable () -> TimeZone) {
    self.resolve = resolve
  }

  var formatter: OrderDateFormatter {
    made.withLock { made in
      if let made { return made }
      let formatter = OrderDateFormatter(timeZone: resolve())
      made = formatter
      return formatter
    }
  }
}
