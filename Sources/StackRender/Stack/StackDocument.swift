import StackLayout

/// One card of a card stack: a laid-out row placed at a frame in the stack's container.
///
/// The row's tree is laid out at the card's size (or its own height) and drawn clipped to
/// `frame`, as a collection-view cell shows its content.
public struct StackCard: Sendable {
  /// The row drawn on the card (kind, id, laid-out tree).
  public var row: RenderRow
  /// The card's frame in the stack's container, in points.
  public var frame: Rect

  /// Creates a card.
  public init(row: RenderRow, frame: Rect) {
    self.row = row
    self.frame = frame
  }
}

/// A card stack ready to draw: overlapping cards in a container, later cards over earlier ones.
///
/// Renderers know nothing of how the frames were computed (the `CardStack` module does that);
/// they draw the container `width` × `contentHeight` and every card in order, clipped to its frame.
///
/// ```swift
/// let document = StackDocument(state: "collapsed", width: 390, contentHeight: 200, cards: cards)
/// let svg = SVGRenderer().render(document)
/// ```
public struct StackDocument: Sendable {
  /// The stack's state as the JSON names it: `collapsed`, `expanded` or `transit`.
  public var state: String
  /// The container's width, in points.
  public var width: Double
  /// The height of the stack's scrollable content, in points: the picture's height.
  public var contentHeight: Double
  /// The cards back to front (drawing order).
  public var cards: [StackCard]

  /// Creates a document.
  public init(state: String, width: Double, contentHeight: Double, cards: [StackCard]) {
    self.state = state
    self.width = width
    self.contentHeight = contentHeight
    self.cards = cards
  }

  /// The colour scheme the page is drawn for: its first card's (`LayoutResult.traits`), light without cards.
  public var scheme: ColorScheme { cards.first?.row.layout.traits.scheme ?? .light }

  /// How every card is decorated: the seed's card view has corner radius 4 and a shadow 2 pt
  /// down; cards are opaque in the screen's background colour so a card hides the ones under it,
  /// and outlined so its edge shows where its content does not reach it.
  public static let cardCornerRadius = 4.0
  /// The card outline's colour (iOS's opaque separator grey, `#C6C6C8`; `#38383A` in the dark scheme), drawn
  /// 1 pt wide over the card's content.
  public static let edgeColor = Color.pair(
    light: Color(red: 198 / 255, green: 198 / 255, blue: 200 / 255),
    dark: Color(red: 56 / 255, green: 56 / 255, blue: 58 / 255))
  /// The shadow's downward offset, in points.
  public static let shadowOffset = 2.0
  /// The shadow colour (black at 0.5 opacity, as the seed's `shadowOpacity`).
  public static let shadowColor = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
}

/// Writes a ``StackDocument`` in one format.
public protocol StackRenderer: Sendable {
  /// Writes the document for `stack` to `output`.
  func render(_ stack: StackDocument, to output: inout some TextOutputStream)
}

extension StackRenderer {
  /// The document for `stack`, as a string.
  public func render(_ stack: StackDocument) -> String {
    var output = ""
    render(stack, to: &output)
    return output
  }
}
