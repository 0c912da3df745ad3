import FeedPlugins
import FeedStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The cards `gallery` draws: for each row kind of the registry, in registry order, up to `limit` rows from the
/// database; a kind the database has no rows of gets rows made by its plugin's generator (``RowGenerator``, or
/// ``UserRowGenerator`` for the viewer) in a scratch SQLite database, which is removed afterwards, so the
/// database itself is only read. A kind with neither is left out (and said so).
struct GallerySamples {
  let registry: PluginRegistry
  let context: RowContext
  /// The most cards per kind.
  let limit: Int

  /// The cards, each kind's numbered from 1; `note` is told of each kind left out or generated.
  func cards(from database: StoreConnection, note: (String) throws -> Void) throws -> [GalleryCard] {
    var scratch: ScratchDatabase?
    defer { scratch?.remove() }
    var cards: [GalleryCard] = []
    for plugin in registry.plugins {
      var rows = try rows(of: plugin, in: database)
      if rows.isEmpty, plugin is any RowGenerator || plugin is any UserRowGenerator {
        if scratch == nil { scratch = try ScratchDatabase(registry: registry) }
        if let scratch { rows = try generatedRows(of: plugin, in: scratch.database) }
        try note("\(plugin.kind): no rows in the database; drawing \(rows.count) made by its generator")
      }
      if rows.isEmpty {
        try note("\(plugin.kind): no rows in the database and no generator; left out")
      }
      for (index, row) in rows.enumerated() {
        guard let tree = try registry.card(for: row) else { continue }
        cards.append(GalleryCard(kind: plugin.kind, number: index + 1, row: row, tree: tree))
      }
    }
    return cards
  }

  /// Up to ``limit`` rows of `plugin` in `database`, composed for the context's viewer, in one read.
  private func rows(of plugin: any RowPlugin, in database: StoreConnection) throws -> [FeedRow] {
    try database.read {
      var rows: [FeedRow] = []
      try plugin.loadRows(from: database, after: nil, limit: limit, context: context) { _, row in rows.append(row) }
      return rows
    }
  }

  /// ``limit`` rows made by `plugin`'s generator in `database`, then read back.
  private func generatedRows(of plugin: any RowPlugin, in database: StoreConnection) throws -> [FeedRow] {
    if let generator = plugin as? any RowGenerator {
      try generator.generate(limit, in: database) { _ in }
    } else if let generator = plugin as? any UserRowGenerator {
      try database.write { try generator.userRowWriter(in: database)(context.viewer, limit) }
    }
    return try rows(of: plugin, in: database)
  }
}

/// A new SQLite database with the registry's tables in a temporary folder of its own.
private struct ScratchDatabase {
  let folder: URL
  let database: StoreConnection

  init(registry: PluginRegistry) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("stackfeed-gallery-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database =
      try FeedDatabase.open(
        path: folder.appendingPathComponent("scratch.sqlite").path, migrations: registry.migrations, now: Date.init
      ).database
  }

  /// Removes the folder and the database in it.
  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }
}
