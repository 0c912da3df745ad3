import CardStack
import StackLayout

/// A card to place in a card stack: its row's kind and id and its card tree, not laid out yet (FeedPlugins'
/// `FeedCard` is one).
public protocol StackableCard {
  /// The row kind, e.g. `feed_item`.
  var kind: String { get }
  /// The row's id.
  var id: String { get }
  /// The card's tree.
  var tree: LayoutNode { get }
}

extension StackDocument {
  /// `cards` as a card stack in a container `width` points wide: frames from the stack's configuration and
  /// state (`CardStack`), each card's tree laid out at its frame's size (or at its own fitted height with
  /// ``StackOptions/ownHeight``) and clipped to the frame by the renderers.
  ///
  ///     let document = try StackDocument(cards: Array(feedCards), options: StackOptions(), width: 390)
  public init(
    cards: [some StackableCard], options: StackOptions, width: Double, engine: LayoutEngine = LayoutEngine()
  ) throws(CardStackError) {
    let stack = try options.configuration.layout(cardCount: cards.count, width: width, state: options.state)
    let placed = zip(cards, stack.cards).map { card, placement in
      let frame = Rect(
        x: placement.frame.x, y: placement.frame.y, width: placement.frame.width, height: placement.frame.height)
      let layout = engine.layout(card.tree, width: frame.width, height: options.ownHeight ? nil : frame.height)
      return StackCard(row: RenderRow(kind: card.kind, id: card.id, layout: layout), frame: frame)
    }
    self.init(state: stack.state.name, width: width, contentHeight: stack.contentHeight, cards: placed)
  }
}
