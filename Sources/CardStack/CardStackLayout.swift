/// A laid-out card stack: every card's placement, back to front, and the scrollable content height.
public struct CardStackLayout: Sendable, Hashable {
  /// The state the stack was laid out in.
  public var state: CardStackState
  /// The placements in index order, which is also back-to-front drawing order.
  public var cards: [CardPlacement]
  /// Height of the scrollable content (the seed's `collectionViewContentSize.height`).
  public var contentHeight: Double

  /// Creates a layout.
  public init(state: CardStackState, cards: [CardPlacement], contentHeight: Double) {
    self.state = state
    self.cards = cards
    self.contentHeight = contentHeight
  }
}
