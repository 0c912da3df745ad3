/// A card's rectangle in the stack container, in points; y grows downward (UIKit convention).
public struct CardFrame: Sendable, Hashable {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width, never negative.
  public var width: Double
  /// Height, never negative.
  public var height: Double

  /// Creates a frame.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// Bottom edge: `y + height`.
  public var maxY: Double { y + height }
}

/// One card of a laid-out stack: its position in the list, its frame and its drawing order.
public struct CardPlacement: Sendable, Hashable {
  /// The card's index in the stack, 0 first (top of the list).
  public var index: Int
  /// The card's frame in the stack container.
  public var frame: CardFrame
  /// Drawing order: a card with a higher `zIndex` covers one with a lower. As in the seed
  /// (`layout.zIndex = index`), it equals `index`, so every card covers the cards before it.
  public var zIndex: Int

  /// Creates a placement.
  public init(index: Int, frame: CardFrame, zIndex: Int) {
    self.index = index
    self.frame = frame
    self.zIndex = zIndex
  }
}
