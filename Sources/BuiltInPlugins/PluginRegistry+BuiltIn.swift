import FeedPlugins

extension PluginRegistry {
  /// The built-in kinds, in registry order: `header` (profile), `feed_item` (the stream), `order` (products,
  /// orders, line items).
  public static var builtInPlugins: [any RowPlugin] { [HeaderPlugin(), FeedItemPlugin(), OrderPlugin()] }

  /// The registry of the built-in kinds (`stackfeed`'s feed).
  ///
  ///     let registry = try PluginRegistry(PluginRegistry.builtInPlugins + [BannerPlugin()])
  public static let builtIn: PluginRegistry = {
    do {
      return try PluginRegistry(builtInPlugins)
    } catch {
      // Only an edit to the built-in kinds can get here; `PluginRegistryTests` keeps it from shipping.
      preconditionFailure("the built-in row plugins do not fit together: \(error)")
    }
  }()
}
