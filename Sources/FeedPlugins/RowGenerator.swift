import FeedStore
import SQLCore

/// A row plugin that can make synthetic rows: what `stackfeed seed --generate N [--kind K]` runs (the stream
/// kind by default). A kind without a generator is simply a ``RowPlugin`` that does not conform.
///
///     extension BannerPlugin: RowGenerator {
///       var generatedRowsName: String { "banners" }
///       func generate(_ count: Int, in db: StoreConnection, progress: (Int) -> Void) throws { … }
///     }
public protocol RowGenerator: RowPlugin {
  /// The generated rows in messages, plural: `feed items` (`generated 5 feed items`).
  var generatedRowsName: String { get }

  /// Appends `count` synthetic rows after the existing ones in one write transaction (nested in the caller's,
  /// when there is one). `progress` gets the rows written so far now and then and at the end.
  func generate(_ count: Int, in db: StoreConnection, progress: (Int) -> Void) throws
}

extension PluginRegistry {
  /// The generator of `kind`, or of the stream kind when `kind` is `nil`.
  ///
  /// Throws when there is no such kind, when it cannot generate rows, or when no kind is given and none streams;
  /// the message names the kinds that can.
  public func generator(kind: String?) throws(PluginRegistryError) -> any RowGenerator {
    let generating = plugins.compactMap { $0 as? any RowGenerator }.map(\.kind)
    let known = "kinds with a generator: " + (generating.isEmpty ? "none" : generating.joined(separator: ", "))
    guard let plugin = kind.map({ plugin(kind: $0) }) ?? plugins.first(where: { $0.placement == .stream }) else {
      if let kind {
        let kinds = plugins.map(\.kind).joined(separator: ", ")
        throw PluginRegistryError(description: "unknown row kind \"\(kind)\" (kinds: \(kinds))")
      }
      throw PluginRegistryError(description: "no row kind streams, so name the one to generate (\(known))")
    }
    guard let generator = plugin as? any RowGenerator else {
      throw PluginRegistryError(description: "the row kind \"\(plugin.kind)\" has no generator (\(known))")
    }
    return generator
  }
}
