import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import PromoPlugin
import StackLayout
import StackfeedTestSupport
import Testing

/// Data that passed validation always makes a card: random records that follow every kind's rules (edge lengths,
/// many scripts, the largest quantities and orders), seeded on each backend, composed for every viewer (with the
/// catalogue's rows, which are not in the feed), each row's card built by the registry (which refuses a tappable part without a label) and laid out at two widths.
/// A card that cannot be made from valid data is a bug this finds, not a 500 a client sees.
@Suite struct CardsFromValidRecordsTests {
  static let registry = Result { try PluginRegistry.builtIn().adding(PromoPlugin()) }

  /// A seed folder of random valid records: a profile, users, products, an order per user, feed items, promos.
  static func files(_ samples: inout RuleSamples) throws -> [String: String] {
    var ids = Set<String>()
    func json(_ value: Any) throws -> String {
      String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
    }
    let users = (0..<3).map { _ in samples.identifier(notIn: &ids) }.filter { $0 != "default" }
    let products = (0..<4).map { _ in samples.identifier(notIn: &ids) }
    samples.references = ["product": products, "users": users + ["default"]]
    var files: [String: Any] = [
      "profile.json": samples.record(UserSeedLoader.profileRules),
      "users.json": users.map { samples.record(UserSeedLoader.userRules, fixed: ["id": $0]) },
      "products.json": products.map { samples.record(ProductPlugin.Rules.record, fixed: ["id": $0]) },
    ]
    files["orders.json"] = (users + ["default"]).map { user in
      samples.record(OrderPlugin.Rules.order, fixed: ["id": samples.identifier(notIn: &ids), "user": user])
    }
    files["feed_items.json"] = (0..<12).map { _ in
      samples.record(FeedItemPlugin.Rules.record, fixed: ["id": samples.identifier(notIn: &ids)])
    }
    files[PromoFiles.seedFile] = (0..<4).map { _ in
      samples.record(PromoPlugin.Rules.record, fixed: ["id": samples.identifier(notIn: &ids)])
    }
    return try files.mapValues(json)
  }

  static func nodes(_ tree: LayoutNode) -> [LayoutNode] {
    [tree] + tree.children.flatMap(nodes)
  }

  @Test(arguments: Backend.available)
  func everyValidRecordMakesALabelledCardThatLaysOut(backend: Backend) throws {
    let store = try BackendStore(backend, registry: try Self.registry.get())
    let seed = UInt64.random(in: 0...UInt64.max)
    var samples = RuleSamples(random: SplitMix64(seed: seed))
    let engine = LayoutEngine()
    var kinds: Set<String> = []
    for round in 0..<(backend == .sqlite ? 25 : 8) {
      do {
        try Self.check(round: round, of: seed, in: store, samples: &samples, engine: engine, kinds: &kinds)
      } catch {
        Issue.record("seed \(seed), round \(round): \(error)")
        return
      }
    }
    #expect(kinds == ["header", "feed_item", "product", "order", "promo"], "seed \(seed)")
  }

  /// One round: a new random folder seeded over the last, every viewer's feed composed, each card built and laid out.
  static func check(
    round: Int, of seed: UInt64, in store: BackendStore, samples: inout RuleSamples, engine: LayoutEngine,
    kinds: inout Set<String>
  ) throws {
    let files = try Self.files(&samples)
    try store.seed(files, reset: true)
    let viewers = samples.references["users"] ?? []
    var catalogue: [FeedRow] = []
    let context = RowContext(timeZone: TimeZone.gmt)
    for plugin in store.registry.plugins where plugin.placement == .catalogue {
      try plugin.loadRows(from: store.connection, after: nil, limit: nil, context: context) { catalogue.append($1) }
    }
    for viewer in viewers {
      for row in try store.rows(viewer: viewer) + catalogue {
        kinds.insert(row.kind)
        let card = try #require(
          try store.registry.card(for: row), "seed \(seed), round \(round): no card for \(row.kind) \(row.id)")
        for node in Self.nodes(card) where node.action != nil {
          #expect(
            node.accessibility?.label?.isEmpty == false,
            "seed \(seed), round \(round): \(row.kind) \(row.id): \(node.id ?? "?") has no label")
        }
        for width in [320.0, 390.0] {
          let layout = engine.layout(card, width: width)
          let finite = layout.frames.allSatisfy { [$0.x, $0.y, $0.width, $0.height].allSatisfy(\.isFinite) }
          #expect(finite && layout.size.height > 0, "seed \(seed), round \(round): \(row.kind) \(row.id)")
        }
      }
    }
  }
}
