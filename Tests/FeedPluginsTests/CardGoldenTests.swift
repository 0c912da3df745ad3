import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import StackLayout
import StackRender
import Testing

/// Every renderer's output for the reference feed and for edge rows, pinned by golden files
/// (`Fixtures/goldens/<feed>.<format>`; record with `STACKFEED_RECORD=1`).
@Suite struct CardGoldenTests {
  enum Feed: String, CaseIterable, CustomTestStringConvertible {
    /// The bundled seeds.
    case reference
    /// No tag, no subtitle or image, a title that wraps, one that is cut, and an order of 9 images (+6).
    case edges
    /// Orders alone: one image (a single wide tile), four images (the 4th carries +1).
    case order1 = "order-1"
    case order4 = "order-4"
    /// No rows at all.
    case empty

    var testDescription: String { rawValue }

    var files: [String: String] {
      switch self {
      case .reference: SeedFiles.referenceTexts
      case .edges: EdgeSeeds.files(order: EdgeSeeds.order(["tshirt": 2, "top": 3, "hoodie": 4]))
      case .order1: ["products.json": EdgeSeeds.products, "orders.json": EdgeSeeds.order(["hoodie": 1])]
      case .order4:
        ["products.json": EdgeSeeds.products, "orders.json": EdgeSeeds.order(["tshirt": 1, "top": 1, "shorts": 2])]
      case .empty: [:]
      }
    }
  }

  /// The renderers as `render` uses them: JSON links the image nodes (these databases store no image, so only the
  /// bundled icons get a `url`).
  static let renderers: [(format: String, renderer: any RowRenderer)] = [
    ("json", JSONRenderer(images: StoredImageLinks(infos: [:], scale: ImageVariant.defaultScale))),
    ("svg", SVGRenderer(background: FeedScreen.background)),
    ("html", HTMLRenderer(background: FeedScreen.background)), ("txt", TextRenderer(columns: 80)),
  ]

  /// The goldens `<feed>.<format>` predate light/dark pairs and accessibility labels: the cards drawn without
  /// them (``withoutPairsOrLabels(_:)``) still give them byte for byte, so adding the pairs and labels changed
  /// nothing else.
  @Test(arguments: Feed.allCases)
  func everyFormatMatchesItsGolden(_ feed: Feed) throws {
    for (format, renderer) in Self.renderers {
      let output = try Self.render(feed, with: renderer, transform: Self.withoutPairsOrLabels)
      golden.check(output, named: "\(feed.rawValue).\(format)")
    }
  }

  /// The reference feed as the cards are: labelled, in the light and the dark scheme, and the HTML page that
  /// follows the browser's scheme (`reference-<variant>.<format>`).
  @Test func theReferenceFeedLabelledAndInBothSchemesMatchesItsGoldens() throws {
    let system = HTMLRenderer(background: FeedScreen.background, followsSystemScheme: true)
    let variants: [(name: String, traits: Traits, renderers: [(format: String, renderer: any RowRenderer)])] = [
      ("labelled", .default, Array(Self.renderers.prefix(3))),
      ("dark", Traits(scheme: .dark), Array(Self.renderers.prefix(3))),
      ("system", .default, [("html", system)]),
    ]
    for variant in variants {
      for (format, renderer) in variant.renderers {
        let output = try Self.render(.reference, with: renderer, traits: variant.traits)
        golden.check(output, named: "reference-\(variant.name).\(format)")
      }
    }
  }

  /// `feed` drawn by `renderer`, its cards laid out for `traits` after `transform`.
  static func render(
    _ feed: Feed, with renderer: any RowRenderer, traits: Traits = .default,
    transform: @escaping (LayoutNode) -> LayoutNode = { $0 }
  ) throws -> String {
    let store = try TestStore()
    try store.seed(feed.files)
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: .init(timeZone: TimeZone.gmt))
    let cards = FeedCards(composer: composer, pageSize: 3)
    var engine = LayoutEngine()
    engine.traits = traits
    let rows = cards.lazy.map { card in
      RenderRow(kind: card.kind, id: card.id, layout: engine.layout(transform(card.tree), width: 390))
    }
    var output = ""
    try renderer.render(rows, width: 390, to: &output)
    try cards.finish()
    return output
  }

  /// `node` as the cards were before issue 20: every colour its light half, no accessibility, no icon tinted.
  static func withoutPairsOrLabels(_ node: LayoutNode) -> LayoutNode {
    var node = node
    node.accessibility = nil
    node.background = node.background?.light
    if case .text(var content) = node.kind {
      content.color = content.color.light
      node.kind = .text(content)
    }
    if case .image(var content) = node.kind {
      content.tint = nil
      node.kind = .image(content)
    }
    node.children = node.children.map(withoutPairsOrLabels)
    return node
  }
}

/// Seed texts for the edge feeds.
enum EdgeSeeds {
  static let products = """
    [{"id": "tshirt", "title": "Arrival T-Shirt", "image": "tshirt"}, {"id": "top", "title": "Vital Top", "image": "top"},
     {"id": "hoodie", "title": "Apex Hoodie", "image": "hoodie"}, {"id": "shorts", "title": "Arrival Shorts", "image": "shorts"}]
    """

  static let feedItems = """
    [{"id": "no-tag", "title": "Press reset", "subtitle": "The newest collection is here", "image": "reset"},
     {"id": "wraps", "title": "The future is functional and bold", "subtitle": "A title on two lines", "tag": "new releases",
      "image": "functional-male"},
     {"id": "cut", "title": "Get after your goals in the new Apex collection, now with even more colours than before",
      "subtitle": "A subtitle far too long to fit on the one line the card gives it", "tag": "limited edition drop",
      "image": "raise"},
     {"id": "bare", "title": "Minimal"}]
    """

  /// One order of the given products and quantities, in key order.
  static func order(_ quantities: [String: Int]) -> String {
    let items = quantities.sorted { $0.key < $1.key }.map { #"{"product": "\#($0.key)", "quantity": \#($0.value)}"# }
    return #"[{"id": "order-1", "status": "FUFILLED", "orderedAt": "2021-07-06T12:00:00Z", "items": ["#
      + items.joined(separator: ", ") + "]}]"
  }

  /// The reference profile, the edge feed items and `order`.
  static func files(order: String) -> [String: String] {
    [
      "profile.json": #"{"firstName": "Russell", "lastName": "Warwick"}"#, "feed_items.json": feedItems,
      "products.json": products, "orders.json": order,
    ]
  }
}
