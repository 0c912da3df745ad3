import CardStack
import FeedPlugins
import StackLayout
import StackRender

extension StackDocument {
  /// The feed's cards as a card stack in a container `width` points wide: frames from the stack's
  /// configuration and state (`CardStack`), each card's tree laid out at its frame's size (or at
  /// its own fitted height with `ownHeight`) and clipped to the frame by the renderers.
  ///
  ///     let document = try StackDocument(cards: Array(feedCards), options: options, width: 390)
  init(cards: [FeedCard], options: StackOptions, width: Double, engine: LayoutEngine = LayoutEngine())
    throws(CardStackError)
  {
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
