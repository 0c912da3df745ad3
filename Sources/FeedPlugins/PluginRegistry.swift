import SQLiteCore
import StackLayout

/// A registry that cannot work: two plugins share a kind or a seed file, or more than one streams.
public struct PluginRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  public var description: String
}

/// The row plugins of a feed, in registry order (which orders leading and trailing rows and writes).
///
///     let registry = try PluginRegistry.builtIn.adding(BannerPlugin())
public struct PluginRegistry: Sendable {
  /// The plugins, in registry order.
  public let plugins: [any RowPlugin]

  /// The three built-in kinds: `header` (profile), `feed_item`, `order` (products, orders, line items).
  public static let builtIn = PluginRegistry(checked: [HeaderPlugin(), FeedItemPlugin(), OrderPlugin()])

  /// Creates a registry; throws when kinds or seed files repeat or more than one plugin has `.stream` placement.
  public init(_ plugins: [any RowPlugin]) throws(PluginRegistryError) {
    var kinds: Set<String> = []
    var files: Set<String> = []
    var streams = 0
    for plugin in plugins {
      guard kinds.insert(plugin.kind).inserted else {
        throw PluginRegistryError(description: "two row plugins have the kind \"\(plugin.kind)\"")
      }
      for file in plugin.seedFiles where !files.insert(file).inserted {
        throw PluginRegistryError(description: "two row plugins read the seed file \(file)")
      }
      if plugin.placement == .stream { streams += 1 }
    }
    guard streams <= 1 else {
      throw PluginRegistryError(description: "more than one row plugin has the stream placement")
    }
    self.plugins = plugins
  }

  private init(checked plugins: [any RowPlugin]) {
    self.plugins = plugins
  }

  /// This registry with `plugin` appended.
  public func adding(_ plugin: any RowPlugin) throws(PluginRegistryError) -> PluginRegistry {
    try PluginRegistry(plugins + [plugin])
  }

  /// The plugin of `kind`, if registered.
  public func plugin(kind: String) -> (any RowPlugin)? {
    plugins.first { $0.kind == kind }
  }

  /// The card of `row`, built by the plugin of its kind; `nil` when no registered plugin made it.
  public func card(for row: FeedRow) -> LayoutNode? {
    plugin(kind: row.kind)?.card(for: row)
  }

  /// Every plugin's migrations, in name order: the order the migrator applies them.
  public var migrations: [Migration] {
    plugins.flatMap(\.migrations).sorted { $0.name < $1.name }
  }

  /// Every seed file some plugin reads.
  public var seedFiles: Set<String> {
    Set(plugins.flatMap(\.seedFiles))
  }
}
