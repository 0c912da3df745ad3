import CardStack

/// How a card stack is laid out: the stack's configuration, the state to show and the cards' heights.
///
///     let options = StackOptions(state: .inTransit(translation: 130))
///     let document = try StackDocument(cards: cards, options: options, width: 390)
public struct StackOptions: Sendable, Equatable {
  /// The stack's configuration (validated), by default ``CardStackConfiguration/example``.
  public var configuration: CardStackConfiguration
  /// The state to lay out.
  public var state: CardStackState
  /// Whether each card keeps its own fitted height rather than the configuration's `cardHeight`.
  public var ownHeight: Bool

  /// Options for `state` of `configuration`.
  public init(
    configuration: CardStackConfiguration = .example, state: CardStackState = .collapsed, ownHeight: Bool = false
  ) {
    self.configuration = configuration
    self.state = state
    self.ownHeight = ownHeight
  }
}
