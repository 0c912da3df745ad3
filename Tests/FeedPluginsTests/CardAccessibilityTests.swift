import BuiltInPlugins
import FeedPlugins
import FeedStore
import FeedViewModels
import Foundation
import SQLCore
import StackLayout
import Testing

/// What VoiceOver is told about the built-in cards, and the registry's refusal of a card whose tappable part has
/// no label.
@Suite struct CardAccessibilityTests {
  /// The cards of `feed`'s rows, and of 300 generated feed items after them, built by the registry (which
  /// refuses an unlabelled action).
  static func cards(_ feed: CardGoldenTests.Feed, generated: Int = 0) throws -> [(row: FeedRow, tree: LayoutNode)] {
    let store = try TestStore()
    try store.seed(feed.files)
    if generated > 0 { try FeedItemPlugin().generate(generated, in: store.connection) }
    return try store.rows().compactMap { row in try store.registry.card(for: row).map { (row, $0) } }
  }

  static func nodes(_ tree: LayoutNode) -> [LayoutNode] {
    [tree] + tree.children.flatMap(nodes)
  }

  @Test(arguments: [CardGoldenTests.Feed.reference, .edges, .order1, .order4])
  func everyActionOfEveryBuiltInCardIsLabelled(_ feed: CardGoldenTests.Feed) throws {
    let cards = try Self.cards(feed, generated: feed == .reference ? 300 : 0)
    #expect(cards.allSatisfy { card in Self.nodes(card.tree).contains { $0.action != nil } }, "every card has a tap")
    let actions = cards.flatMap { Self.nodes($0.tree) }.filter { $0.action != nil }
    for node in actions {
      let accessibility = try #require(node.accessibility)
      #expect(accessibility.label?.isEmpty == false)
      #expect(accessibility.traits.contains(.button))
    }
  }

  @Test func theReferenceCardsSayWhatAUserReadsOrTaps() throws {
    let cards = try Self.cards(.reference)
    func labelled(_ id: String, of kind: String) -> [Accessibility] {
      cards.filter { $0.row.kind == kind }.flatMap { Self.nodes($0.tree) }.filter { $0.id == id }
        .compactMap(\.accessibility)
    }
    #expect(labelled("headlineLabel", of: "header") == [Accessibility(label: "HI, RUSSELL", traits: [.header])])
    #expect(labelled("searchButton", of: "header") == [Accessibility(label: "Search", traits: [.button])])
    #expect(
      labelled("button", of: "feed_item").first
        == Accessibility(label: "THE FUTURE IS FUNCTIONAL, Get after your goals in new Apex", traits: [.button]))
    #expect(labelled("titleLabel", of: "feed_item").allSatisfy { $0.isHidden }, "the button says the title")
    #expect(labelled("titleLabel", of: "order") == [Accessibility(label: "IT'S FUFILLED", traits: [.header])])
    #expect(
      labelled("subtitleLabel", of: "order") == [Accessibility(label: "Ordered on 06 Jul 21", traits: [.staticText])])
    #expect(labelled("galleryOverlay", of: "order") == [Accessibility(label: "3 more items", traits: [.staticText])])
    #expect(labelled("moreButton", of: "order").map(\.label) == ["More"])
  }

  @Test(arguments: [
    (1, "1 more item"), (6, "6 more items"), (9_223_372_036_854_775_804, "9223372036854775804 more items"),
  ])
  func theOverlayTileSaysHowManyMoreItems(count: Int, label: String) {
    #expect(GalleryImage(image: "x", overlay: "+" + String(count)).moreCount.map(CardLabels.moreItems) == label)
    #expect(GalleryImage(image: "x", overlay: nil).moreCount == nil)
  }

  /// A row kind whose card has a tappable part without a label.
  struct UnlabelledPlugin: RowPlugin {
    var inner = StubPlugin(kind: "banner")
    var kind: String { inner.kind }
    var placement: RowPlacement { inner.placement }
    var migrations: [Migration] { inner.migrations }
    var seedFiles: [String] { inner.seedFiles }
    func validateSeed(_ files: SeedFiles) throws(SeedError) -> Int? { nil }
    func writeSeed(_ seed: Int, to db: StoreConnection) throws {}
    func deleteAll(in db: StoreConnection) throws {}
    func loadModels(
      from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext, _ body: (Int64, Int) throws -> Void
    ) throws { try body(1, 7) }
    func viewModel(for model: Int, context: RowContext) -> Int { model }
    func row(for viewModel: Int) -> FeedRow { inner.row(for: viewModel) }
    func card(for viewModel: Int) -> LayoutNode {
      VStack {
        Text("Sale").accessibility(label: "Sale")
        Image("go").id("goButton").action("open-banner:\(viewModel)").accessibility(label: " ", traits: [.button])
      }
      .node
    }
  }

  @Test func theRegistryRefusesACardWithAnUnlabelledActionNamingTheKindAndTheNode() throws {
    let registry = try PluginRegistry([UnlabelledPlugin()])
    let row = UnlabelledPlugin().row(for: 7)
    #expect {
      try registry.card(for: row)
    } throws: { error in
      let text = "\(error)"
      return text.contains("the row kind \"banner\"") && text.contains("row \"7\"")
        && text.contains("the node \"goButton\"") && text.contains("action \"open-banner:7\"")
        && text.contains("no accessibility label")
    }
  }

  @Test func renderingAFeedWithAnUnlabelledActionFails() throws {
    let store = try TestStore(registry: try PluginRegistry.builtIn().adding(UnlabelledPlugin()))
    try store.seed(SeedFiles.referenceTexts)
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: .init(timeZone: TimeZone.gmt))
    let cards = FeedCards(composer: composer)
    #expect(Array(cards).allSatisfy { $0.kind != "banner" })
    #expect(throws: PluginRegistryError.self) { try cards.finish() }
  }

  @Test func aNodeWithoutAnIDIsNamedByItsType() throws {
    struct Bare: RowPlugin {
      var inner = UnlabelledPlugin()
      var kind: String { inner.kind }
      var placement: RowPlacement { inner.placement }
      var migrations: [Migration] { inner.migrations }
      var seedFiles: [String] { inner.seedFiles }
      func validateSeed(_ files: SeedFiles) throws(SeedError) -> Int? { nil }
      func writeSeed(_ seed: Int, to db: StoreConnection) throws {}
      func deleteAll(in db: StoreConnection) throws {}
      func loadModels(
        from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
        _ body: (Int64, Int) throws -> Void
      ) throws {}
      func viewModel(for model: Int, context: RowContext) -> Int { model }
      func row(for viewModel: Int) -> FeedRow { inner.row(for: viewModel) }
      func card(for viewModel: Int) -> LayoutNode { ZStack { Box() }.action("open").node }
    }
    let registry = try PluginRegistry([Bare()])
    #expect {
      try registry.card(for: Bare().row(for: 1))
    } throws: { error in
      "\(error)".contains("in which a zstack node without an id has the action \"open\"")
    }
    #expect(ZStack { Box() }.action("open").accessibility(label: "Open").node.firstUnlabelledAction == nil)
  }
}
