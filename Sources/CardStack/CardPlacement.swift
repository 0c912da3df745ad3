import StackLayout

/// One card of a laid-out stack: its position in the list, its frame and its drawing order.
public struct CardPlacement: Sendable, Hashable {
  /// The card's index in the stack, 0 first (top of the list).
  public var index: Int
  /// The card's frame in the stack container.
  public var frame: Rect
  /// Drawing order: a card with a higher `zIndex` covers one with a lower. As in the seed
  /// (`layout.zIndex = index`), it equals `index`, so every card covers the cards before it.
  public var zIndex: Int

  /// Creates a placement.
  public init(index: Int, frame: Rect, zIndex: Int) {
    self.index = index
    self.frame = frame
    self.zIndex = zIndex
  }
}
