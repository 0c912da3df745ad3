import StackLayout
import StackRender
import Testing

/// Card stacks of sample cards, with frames worked out by hand for the CardsStack example
/// configuration (card offset 40, card height 200, spacings 8) in a 390-pt container: every card
/// at x 8, 390 − 16 = 374 wide, 200 high.
enum SampleStack: String, CaseIterable, CustomTestStringConvertible {
  case collapsed, expanded, empty

  var testDescription: String { rawValue }

  /// Card tops: collapsed 0, 8 + 40 = 48, 8 + 80 = 88 (content = collapsed height 200);
  /// expanded 0, 208, 416 (i × (200 + 8); content 3 × 208 = 624).
  var document: StackDocument {
    switch self {
    case .collapsed: SampleStacks.document(state: "collapsed", tops: [0, 48, 88], contentHeight: 200)
    case .expanded: SampleStacks.document(state: "expanded", tops: [0, 208, 416], contentHeight: 624)
    case .empty: SampleStacks.document(state: "collapsed", tops: [], contentHeight: 200)
    }
  }
}

enum SampleStacks {
  /// Header, first feed item and the order, laid out at the card size 374 × 200.
  static func rows() -> [RenderRow] {
    let engine = SampleFeeds.engine
    return [
      RenderRow(
        kind: "header", id: "profile",
        layout: engine.layout(SampleCards.header(headline: "HI, RUSSELL", initials: "RW"), width: 374, height: 200)),
      RenderRow(
        kind: "feed_item", id: "1",
        layout: engine.layout(
          SampleCards.feedItem(
            title: "THE FUTURE IS FUNCTIONAL", subtitle: "Get after your goals in new Apex", tag: "NEW RELEASES",
            image: "functional-male"),
          width: 374, height: 200)),
      RenderRow(
        kind: "order", id: "order-1",
        layout: engine.layout(
          SampleCards.order(
            title: "IT'S FUFILLED", subtitle: "Ordered on 06 Jul 21",
            images: ["tshirt", "top", "hoodie", "shorts", "shorts", "shorts"]),
          width: 374, height: 200)),
    ]
  }

  static func document(state: String, tops: [Double], contentHeight: Double) -> StackDocument {
    let cards = zip(rows(), tops).map { row, top in
      StackCard(row: row, frame: Rect(x: 8, y: top, width: 374, height: 200))
    }
    return StackDocument(state: state, width: 390, contentHeight: contentHeight, cards: cards)
  }
}
