import StackLayout

extension CardStackConfiguration {
  /// Lays out `cardCount` cards in a container `width` points wide, as CardsStack's
  /// `CardLayout.prepare()` and `frameFor(index:cardState:translation:)` do.
  ///
  /// Every card: x = `leftSpacing`, width = max(0, W − `leftSpacing` − `rightSpacing`),
  /// height = `cardHeight`. Card i's y:
  /// - expanded: i × (`cardHeight` + `verticalSpacing`);
  /// - collapsed: 0 for card 0, `verticalSpacing` + `cardOffset` × i after it;
  /// - in transit by t: 0 for card 0 (it never moves), after it the collapsed y plus
  ///   |(`verticalSpacing` + `cardHeight`) × i − collapsed y| × t / (`expandedHeight` − `collapsedHeight`).
  ///
  /// Content height: `collapsedHeight` + t in transit (t = 0 when collapsed), and
  /// n × (`cardHeight` + `verticalSpacing`) when expanded, as the seed's `prepare()` sums it.
  ///
  /// ```swift
  /// let layout = try CardStackConfiguration.example.layout(cardCount: 3, width: 390, state: .collapsed)
  /// layout.cards.map(\.frame.y)  // [0, 48, 88]
  /// ```
  ///
  /// - Throws: ``CardStackError`` for a negative or non-finite `width`, or a transit translation
  ///   outside 0 … ``maximumTranslation``.
  public func layout(cardCount: Int, width: Double, state: CardStackState) throws(CardStackError) -> CardStackLayout {
    guard width.isFinite else { throw .notFinite(field: "width", value: width) }
    guard width >= 0 else { throw .negative(field: "width", value: width) }
    if case .inTransit(let translation) = state { _ = try transit(translation: translation) }
    let cardWidth = max(0, width - leftSpacing - rightSpacing)
    let cards = (0..<max(0, cardCount)).map { index in
      CardPlacement(
        index: index,
        frame: Rect(x: leftSpacing, y: cardY(index: index, state: state), width: cardWidth, height: cardHeight),
        zIndex: index)
    }
    return CardStackLayout(
      state: state, cards: cards, contentHeight: contentHeight(cardCount: cards.count, state: state))
  }

  /// The in-transit state for `translation`, checked to lie within 0 … ``maximumTranslation``.
  ///
  /// - Throws: ``CardStackError/translationOutOfRange(translation:maximum:)``.
  public func transit(translation: Double) throws(CardStackError) -> CardStackState {
    guard translation.isFinite, translation >= 0, translation <= maximumTranslation else {
      throw .translationOutOfRange(translation: translation, maximum: maximumTranslation)
    }
    return .inTransit(translation: translation)
  }

  /// Card `index`'s top edge in `state` (`CardLayout.frameFor`, seed lines 83–108).
  private func cardY(index: Int, state: CardStackState) -> Double {
    let i = Double(index)
    let collapsedY = index == 0 ? 0 : verticalSpacing + cardOffset * i
    switch state {
    case .expanded:
      return i * (cardHeight + verticalSpacing)
    case .collapsed:
      return collapsedY
    case .inTransit(let translation):
      guard index > 0 else { return 0 }
      let distance = abs((verticalSpacing + cardHeight) * i - collapsedY)
      return collapsedY + distance * translation / maximumTranslation
    }
  }

  /// The scrollable content height (`CardLayout.prepare()`): the container height while collapsed
  /// or in transit, and one `cardHeight` + `verticalSpacing` per card while expanded.
  private func contentHeight(cardCount: Int, state: CardStackState) -> Double {
    switch state {
    case .collapsed: collapsedHeight
    case .inTransit(let translation): collapsedHeight + translation
    case .expanded: Double(cardCount) * (cardHeight + verticalSpacing)
    }
  }
}
