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

  static let renderers: [(format: String, renderer: any RowRenderer)] = [
    ("json", JSONRenderer()), ("svg", SVGRenderer(background: CardStyle.screenBackground)),
    ("html", HTMLRenderer(background: CardStyle.screenBackground)), ("txt", TextRenderer(columns: 80)),
  ]

  @Test(arguments: Feed.allCases)
  func everyFormatMatchesItsGolden(_ feed: Feed) throws {
    let store = try TestStore()
    try store.seed(feed.files)
    let composer = FeedComposer(
      registry: store.registry, database: store.connection, context: .init(timeZone: TimeZone.gmt))
    for (format, renderer) in Self.renderers {
      let cards = FeedCards(composer: composer, pageSize: 3)
      let engine = LayoutEngine()
      let rows = cards.lazy.map { $0.renderRow(width: 390, engine: engine) }
      var output = ""
      try renderer.render(rows, width: 390, to: &output)
      try cards.finish()
      golden.check(output, named: "\(feed.rawValue).\(format)")
    }
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
