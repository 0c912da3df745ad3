/// What a card stack reports to its owner (CardsStack's `CardsManagerDelegate` callbacks),
/// returned from each ``CardStackInteraction`` input instead of called back.
public enum CardStackEvent: Sendable, Hashable {
  /// The collapsed stack was tapped (`tappedOnCardsStack`).
  case tapped
  /// The stack settled at `position` after a drag ended or a programmatic move
  /// (`cardsPositionChangedTo`). It reports the position REACHED; the seed reported the
  /// opposite one. Like the seed, it is reported after every settle, also when the stack
  /// settles back where the drag started.
  case positionChanged(to: CardStackPosition)
}
