import CBuiltInPluginsBundle
import FeedStore

/// The files the built-in kinds ship, compiled in by their own bundle target (`CBuiltInPluginsBundle`,
/// `scripts/generate-bundle.sh`), each kind's in folders of its own: `Migrations/<kind>/` and `Seeds/<kind>/`.
/// Each plugin hands them to the registry as a third-party kind does (``RowPlugin/migrations``,
/// ``RowPlugin/defaultSeeds``); the core's bundle holds none of them.
///
///     BuiltInFiles.order.seeds.keys   // orders.json
public enum BuiltInFiles {
  /// Every file of the built-in kinds, sorted by path.
  public static let bundle = BundledFiles(stackfeed_built_in_plugins_bundle)
  /// The header's: the old `profile` table and its move into `users` (no seed file: the users are the core's).
  public static let header = bundle.owned(by: HeaderPlugin().kind)
  /// The feed items': their table and `feed_items.json`.
  public static let feedItem = bundle.owned(by: FeedItemPlugin().kind)
  /// The order's: products (before the product kind had them), orders and line items, `orders.json`.
  public static let order = bundle.owned(by: OrderPlugin().kind)
  /// The product's: the catalogue's search index, `products.json`.
  public static let product = bundle.owned(by: ProductPlugin().kind)
}
