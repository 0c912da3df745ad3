import StackLayout
import StackRender
import Testing

/// The sample documents the golden files pin.
enum SampleFeed: String, CaseIterable, CustomTestStringConvertible {
  case reference, edges, empty

  /// The rows at the reference width.
  var rows: [RenderRow] {
    switch self {
    case .reference: SampleFeeds.reference()
    case .edges: SampleFeeds.edges()
    case .empty: []
    }
  }

  var testDescription: String { rawValue }
}

/// Feeds of sample cards laid out with the standard text measurer, as render rows.
enum SampleFeeds {
  static let engine = LayoutEngine(measurer: StandardTextMeasurer())

  static func row(_ kind: String, _ id: String, _ card: some LayoutElement, width: Double = 390) -> RenderRow {
    RenderRow(kind: kind, id: id, layout: engine.layout(card, width: width))
  }

  /// The reference screen: header, first feed item, the order, then the other five feed items.
  static func reference(width: Double = 390) -> [RenderRow] {
    let functional = "Get after your goals in new Apex"
    return [
      row("header", "profile", SampleCards.header(headline: "HI, RUSSELL", initials: "RW"), width: width),
      row(
        "feed_item", "1",
        SampleCards.feedItem(
          title: "THE FUTURE IS FUNCTIONAL", subtitle: functional, tag: "NEW RELEASES", image: "functional-male"),
        width: width),
      row(
        "order", "order-1",
        SampleCards.order(
          title: "IT'S FUFILLED", subtitle: "Ordered on 06 Jul 21",
          images: ["tshirt", "top", "hoodie", "shorts", "shorts", "shorts"]),
        width: width),
      row(
        "feed_item", "2",
        SampleCards.feedItem(title: "PRESS RESET", subtitle: "The newest collection is here", tag: nil, image: "reset"),
        width: width),
      row(
        "feed_item", "3",
        SampleCards.feedItem(
          title: "THE FUTURE IS FUNCTIONAL", subtitle: functional, tag: "NEW RELEASES", image: "functional-female"),
        width: width),
      row(
        "feed_item", "4",
        SampleCards.feedItem(title: "RAISE THE BAR", subtitle: "Level up in Vital Rise", tag: nil, image: "raise"),
        width: width),
      row(
        "feed_item", "5",
        SampleCards.feedItem(title: "MUST HAVES", subtitle: "Your key piece inspo", tag: nil, image: "must-have"),
        width: width),
      row(
        "feed_item", "6",
        SampleCards.feedItem(title: "TAKE ON THE HEAT", subtitle: "In summer activewear", tag: nil, image: "flex"),
        width: width),
    ]
  }

  /// Edge rows: no tag and no subtitle or image, a title that wraps, one that is truncated, and
  /// orders of 1, 4 and 9 images; markup characters in the texts.
  static func edges(width: Double = 390) -> [RenderRow] {
    let long = "THE FUTURE IS FUNCTIONAL AND IT IS HERE TO STAY FOR EVERY RUN, EVERY LIFT AND EVERY REST DAY"
    return [
      row(
        "feed_item", "bare", SampleCards.feedItem(title: "NO TAG <& NO IMAGE>", subtitle: nil, tag: nil, image: nil),
        width: width),
      row(
        "feed_item", "wraps",
        SampleCards.feedItem(
          title: "THE FUTURE IS FUNCTIONAL, FAST AND LIGHT", subtitle: "Two lines", tag: "\"SALE\" & MORE",
          image: "flex"),
        width: width),
      row(
        "feed_item", "truncates",
        SampleCards.feedItem(title: long, subtitle: long.lowercased(), tag: "NEW", image: "raise"), width: width),
      row(
        "order", "one", SampleCards.order(title: "IT'S SHIPPED", subtitle: "Ordered on 01 Jan 24", images: ["top"]),
        width: width),
      row(
        "order", "four",
        SampleCards.order(
          title: "IT'S PACKED", subtitle: "Ordered on 29 Feb 24", images: ["tshirt", "top", "hoodie", "shorts"]),
        width: width),
      row(
        "order", "nine",
        SampleCards.order(
          title: "IT'S A VERY LARGE ORDER THAT TAKES MORE THAN TWO LINES TO DESCRIBE IN FULL",
          subtitle: "Ordered on 31 Dec 99", images: Array(repeating: "hoodie", count: 9)),
        width: width),
    ]
  }
}
