/// The geometry and drag thresholds of a card stack, as CardsStack's `Configuration`.
///
/// Every length is in points. The defaults are the CardsStack example app's values
/// (`Example/CardsStackExample/ViewController.swift`, line 28), with `expandedHeight`
/// = screen height − 124 on an 844-pt screen, i.e. 720. The seed's own `Configuration.init`
/// requires the first four fields and defaults only the thresholds (20) and spacings (8);
/// its parameterless `CardStack()` uses `expandedHeight` 500.
///
/// ```swift
/// let configuration = try CardStackConfiguration(cardOffset: 30, expandedHeight: 600)
/// ```
public struct CardStackConfiguration: Sendable, Hashable {
  /// Distance between the tops of consecutive cards while collapsed.
  public let cardOffset: Double
  /// Height of the stack's container while collapsed.
  public let collapsedHeight: Double
  /// Height of the stack's container while expanded.
  public let expandedHeight: Double
  /// Height of every card.
  public let cardHeight: Double
  /// How far below `expandedHeight` a downward drag must end for the stack to collapse.
  public let downwardThreshold: Double
  /// How far above `collapsedHeight` an upward drag must end for the stack to expand.
  public let upwardThreshold: Double
  /// Space left of every card.
  public let leftSpacing: Double
  /// Space right of every card.
  public let rightSpacing: Double
  /// Space between cards while expanded; also the collapsed offset of every card after the first.
  public let verticalSpacing: Double

  /// The CardsStack example app's configuration, whose fields are the initializer's defaults:
  /// `cardOffset` 40, `collapsedHeight` 200, `expandedHeight` 720, `cardHeight` 200,
  /// thresholds 20, spacings 8.
  public static let example = CardStackConfiguration(
    unchecked: Values(
      cardOffset: 40, collapsedHeight: 200, expandedHeight: 720, cardHeight: 200,
      downwardThreshold: 20, upwardThreshold: 20, leftSpacing: 8, rightSpacing: 8, verticalSpacing: 8))

  /// Creates a configuration, validating every field; an omitted field takes its value from ``example``.
  ///
  /// - Throws: ``CardStackError`` naming the first invalid field: a value that is not finite,
  ///   a height that is not positive, `expandedHeight` not above `collapsedHeight`, or a
  ///   negative offset, threshold or spacing.
  public init(
    cardOffset: Double = example.cardOffset,
    collapsedHeight: Double = example.collapsedHeight,
    expandedHeight: Double = example.expandedHeight,
    cardHeight: Double = example.cardHeight,
    downwardThreshold: Double = example.downwardThreshold,
    upwardThreshold: Double = example.upwardThreshold,
    leftSpacing: Double = example.leftSpacing,
    rightSpacing: Double = example.rightSpacing,
    verticalSpacing: Double = example.verticalSpacing
  ) throws(CardStackError) {
    let values = Values(
      cardOffset: cardOffset, collapsedHeight: collapsedHeight, expandedHeight: expandedHeight,
      cardHeight: cardHeight, downwardThreshold: downwardThreshold, upwardThreshold: upwardThreshold,
      leftSpacing: leftSpacing, rightSpacing: rightSpacing, verticalSpacing: verticalSpacing)
    try values.validate()
    self.init(unchecked: values)
  }

  private init(unchecked values: Values) {
    cardOffset = values.cardOffset
    collapsedHeight = values.collapsedHeight
    expandedHeight = values.expandedHeight
    cardHeight = values.cardHeight
    downwardThreshold = values.downwardThreshold
    upwardThreshold = values.upwardThreshold
    leftSpacing = values.leftSpacing
    rightSpacing = values.rightSpacing
    verticalSpacing = values.verticalSpacing
  }

  /// The largest drag translation: how far the container grows from collapsed to expanded.
  public var maximumTranslation: Double { expandedHeight - collapsedHeight }

  /// The container's height for a stack at rest at `position`.
  public func containerHeight(at position: CardStackPosition) -> Double {
    position == .collapsed ? collapsedHeight : expandedHeight
  }
}
