/// The drag-and-tap state machine of CardsStack's `CardsManager`, as a pure value.
///
/// Feed it the pan gesture's steps and taps; it tracks the container height and the
/// ``CardStackState``, and returns the events the seed would have called back.
///
/// ```swift
/// var stack = CardStackInteraction(configuration: .example)
/// _ = stack.dragChanged(translation: -100)  // finger up 100 pt: container 300, in transit
/// stack.dragEnded()                         // [.positionChanged(to: .expanded)]
/// ```
///
/// Translations are the pan's movement since the previous step, in screen points, negative
/// upward (UIKit's `translation(in:)`, which the seed resets after every step). Drags are
/// accepted in every state: in the seed an expanded stack only hands drags to the pan once its
/// list is pulled past the top, and this headless model has no scroll offset.
public struct CardStackInteraction: Sendable, Hashable {
  /// The configuration the stack was created with.
  public let configuration: CardStackConfiguration
  /// The container's height (the seed's height constraint), always within collapsed … expanded height.
  public private(set) var containerHeight: Double
  /// The state the cards are laid out in.
  public private(set) var state: CardStackState
  /// The last pan step's translation (the seed's `previousTranslation`): its sign is the drag's direction.
  public private(set) var lastTranslation: Double = 0

  /// Creates a stack at rest at `position` (collapsed by default).
  public init(configuration: CardStackConfiguration, position: CardStackPosition = .collapsed) {
    self.configuration = configuration
    state = CardStackState(position)
    containerHeight = configuration.containerHeight(at: position)
  }

  /// The pan began (`.began`): the seed moves nothing but remembers the translation as the direction.
  public mutating func dragBegan(translation: Double) -> [CardStackEvent] {
    lastTranslation = translation
    return []
  }

  /// The pan moved by `translation` (`.changed`, CardsManager.swift lines 128–139): the container
  /// grows by −`translation`, clamped to collapsed … expanded height, and the stack is in transit.
  public mutating func dragChanged(translation: Double) -> [CardStackEvent] {
    let height = containerHeight - translation
    containerHeight = max(configuration.collapsedHeight, min(height, configuration.expandedHeight))
    state = .inTransit(translation: containerHeight - configuration.collapsedHeight)
    lastTranslation = translation
    return []
  }

  /// The pan ended or was cancelled (`.ended`/`.cancelled`, CardsManager.swift lines 141–178).
  ///
  /// The direction is the sign of the PREVIOUS step's translation, as in the seed. Moving up
  /// (negative): expand if the container is strictly taller than `collapsedHeight + upwardThreshold`,
  /// else collapse. Otherwise (down, or no movement): collapse if the container is strictly
  /// shorter than `expandedHeight − downwardThreshold`, else expand. `translation` is the end
  /// event's own movement, which only becomes the next direction.
  public mutating func dragEnded(translation: Double = 0) -> [CardStackEvent] {
    let target: CardStackPosition
    if lastTranslation < 0 {
      let passed = containerHeight > configuration.collapsedHeight + configuration.upwardThreshold
      target = passed ? .expanded : .collapsed
    } else {
      let passed = containerHeight < configuration.expandedHeight - configuration.downwardThreshold
      target = passed ? .collapsed : .expanded
    }
    lastTranslation = translation
    return settle(at: target)
  }

  /// A tap. Only a collapsed stack takes taps (the seed disables its tap gesture otherwise):
  /// it reports ``CardStackEvent/tapped`` and, when `expands` (what the example app's delegate
  /// does), moves to expanded. A tap on an expanded or moving stack does nothing.
  public mutating func tap(expands: Bool = true) -> [CardStackEvent] {
    guard state == .collapsed else { return [] }
    return expands ? [.tapped] + move(to: .expanded) : [.tapped]
  }

  /// Moves the stack to `position` programmatically (`changeCardsPosition(to:)`), reporting it.
  public mutating func move(to position: CardStackPosition) -> [CardStackEvent] {
    settle(at: position)
  }

  /// Lays out `cardCount` cards at `width` in the current state.
  public func layout(cardCount: Int, width: Double) throws(CardStackError) -> CardStackLayout {
    try configuration.layout(cardCount: cardCount, width: width, state: state)
  }

  private mutating func settle(at position: CardStackPosition) -> [CardStackEvent] {
    state = CardStackState(position)
    containerHeight = configuration.containerHeight(at: position)
    return [.positionChanged(to: position)]
  }
}
