import BuiltInPlugins
import FeedPlugins
import FeedStore
import PromoPlugin
import StackLayout
import Testing

/// The example kind of `Examples/PromoPlugin`, through the registry: the core's composer, seeder and cards.
@Suite struct PromoPluginTests {
  static func promoStore(_ placement: RowPlacement = .inserted(at: 3)) throws -> TestStore {
    let store = try TestStore(registry: try PluginRegistry.builtIn().adding(PromoPlugin(placement: placement)))
    var files = SeedFiles.referenceTexts
    files[PromoFiles.seedFile] = PromoFiles.seeds
    try store.seed(files)
    return store
  }

  @Test func aPluginOutsideTheCoreAppearsInTheFeedByItsPlacement() throws {
    let rows = try Self.promoStore().rows()
    #expect(
      rows.map(\.kind) == [
        "header", "feed_item", "order", "feed_item", "feed_item", "promo", "promo", "feed_item", "feed_item",
        "feed_item",
      ])
    #expect(rows.filter { $0.kind == "promo" }.map { $0.text("text") } == ["SPRING SALE: 20% OFF", "GET THE APP"])
  }

  @Test func itsMigrationAndSeedFileComeFromThePlugin() throws {
    let store = try Self.promoStore()
    #expect(store.registry.migrations.map(\.name).suffix(2) == ["9001_promo_create", "9002_promo_audience"])
    let count = try store.database.queryOne("SELECT count(*) FROM promo") { try $0.int(at: 0) }
    #expect(count == 2)
  }

  @Test func leadingAndTrailingPlacementsGoAfterTheHeaderAndAtTheEnd() throws {
    let leading = try Self.promoStore(.leading).rows().map(\.kind)
    #expect(leading.prefix(4) == ["header", "promo", "promo", "feed_item"])
    let trailing = try Self.promoStore(.trailing).rows().map(\.kind)
    #expect(trailing.suffix(3) == ["feed_item", "promo", "promo"])
    #expect(trailing.count == 10)
  }

  @Test func itsRowsGoAtTheEndWhenTheStreamIsShorter() throws {
    let store = try TestStore(registry: try PluginRegistry.builtIn().adding(PromoPlugin()))
    try store.seed([
      "feed_items.json": #"[{"id": "a", "title": "A"}]"#, "promos.json": #"[{"id": "p", "text": "Promo"}]"#,
    ])
    #expect(try store.rows().map(\.summary) == ["feed_item a", "promo p"])
  }

  @Test func itsRowsGetItsOwnCardThroughTheRegistry() throws {
    let store = try Self.promoStore()
    let promo = try #require(try store.rows().first { $0.kind == "promo" })
    let card = try #require(try store.registry.card(for: promo))
    let layout = LayoutEngine().layout(card, width: 390)
    #expect(layout.size.height == 80)
    #expect(layout.absoluteFrame(id: "promoBanner") == Rect(x: 10, y: 20, width: 370, height: 60))
    #expect(card.action == "open-promo:" + promo.id)
    #expect(HeaderPlugin().card(for: promo) == nil)
  }

  @Test func registriesRefuseRepeatedKindsSeedFilesAndStreams() {
    #expect(throws: PluginRegistryError.self) { try PluginRegistry.builtIn().adding(HeaderPlugin()) }
    #expect(throws: PluginRegistryError.self) { try PluginRegistry([FeedItemPlugin(), FeedItemPlugin()]) }
    #expect(throws: PluginRegistryError.self) { try PluginRegistry([PromoPlugin(), PromoPlugin()]) }
  }
}
