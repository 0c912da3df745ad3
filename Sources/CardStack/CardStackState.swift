/// Where a card stack rests when nobody is dragging it (CardsStack's `CardsPosition`).
public enum CardStackPosition: String, Sendable, Hashable, CaseIterable {
  /// Cards overlap, each `cardOffset` below the previous one, in a `collapsedHeight` container.
  case collapsed
  /// Cards sit one under another, `verticalSpacing` apart, in an `expandedHeight` container.
  case expanded
}

/// The state a card stack is laid out in (CardsStack's internal `CardState`).
public enum CardStackState: Sendable, Hashable {
  /// At rest, collapsed.
  case collapsed
  /// At rest, expanded.
  case expanded
  /// Being dragged: the container is `translation` points taller than `collapsedHeight`
  /// (0 … `expandedHeight − collapsedHeight`; the seed's `fractionToMove`).
  case inTransit(translation: Double)

  /// The state of a stack at rest at `position`.
  public init(_ position: CardStackPosition) {
    switch position {
    case .collapsed: self = .collapsed
    case .expanded: self = .expanded
    }
  }

  /// The resting position, or `nil` while in transit.
  public var position: CardStackPosition? {
    switch self {
    case .collapsed: .collapsed
    case .expanded: .expanded
    case .inTransit: nil
    }
  }

  /// The state's name as the CLI and JSON spell it: `collapsed`, `expanded` or `transit`.
  public var name: String {
    switch self {
    case .collapsed: "collapsed"
    case .expanded: "expanded"
    case .inTransit: "transit"
    }
  }
}
