import FeedPlugins

extension PluginRegistry {
  /// The built-in kinds, in registry order: `header` (the viewer's greeting), `feed_item` (the stream), `product`
  /// (the catalogue, not in the feed; before the orders, whose lines name products: seeded first, deleted after),
  /// `order` (orders, line items).
  public static var builtInPlugins: [any RowPlugin] {
    [HeaderPlugin(), FeedItemPlugin(), ProductPlugin(), OrderPlugin()]
  }

  /// The registry of the built-in kinds (`stackfeed`'s feed). Throws only if an edit made the built-in kinds
  /// conflict (`PluginRegistryTests` keeps that from shipping); a command then exits 70 saying why.
  ///
  ///     let registry = try PluginRegistry.builtIn()
  ///     let withBanners = try PluginRegistry(PluginRegistry.builtInPlugins + [BannerPlugin()])
  public static func builtIn() throws(PluginRegistryError) -> PluginRegistry {
    try PluginRegistry(builtInPlugins)
  }
}
