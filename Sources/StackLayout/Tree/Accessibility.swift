/// What VoiceOver says about a node (UIKit's `accessibilityLabel`, `accessibilityHint`,
/// `accessibilityTraits`, `accessibilityElementsHidden`); drawing only, layout never reads it.
///
/// ```swift
/// Image("search-icon").action("search").accessibility(label: "Search", traits: [.button])
/// ```
public struct Accessibility: Sendable, Hashable {
  /// What the element is called, e.g. `Search`; nil leaves it to what the node shows.
  public var label: String?
  /// What happens when it is activated, e.g. `Opens the order's menu`.
  public var hint: String?
  /// What kind of element it is and its state.
  public var traits: Set<AccessibilityTrait>
  /// Whether the node and its subtree are hidden from assistive technologies.
  public var isHidden: Bool

  /// Creates accessibility information; by default no label, hint or traits, not hidden.
  public init(label: String? = nil, hint: String? = nil, traits: Set<AccessibilityTrait> = [], isHidden: Bool = false) {
    self.label = label
    self.hint = hint
    self.traits = traits
    self.isHidden = isHidden
  }

  /// The traits in `AccessibilityTrait.allCases` order (how the JSON writes them). Nodes have none or one (a
  /// button, a header): those need no look-up per case.
  public var orderedTraits: [AccessibilityTrait] {
    traits.count < 2 ? Array(traits) : AccessibilityTrait.allCases.filter(traits.contains)
  }
}

/// One of UIKit's `UIAccessibilityTraits`, by its Swift name (the name the JSON takes).
public enum AccessibilityTrait: String, Sendable, Hashable, CaseIterable {
  /// Activating it performs an action (`.button`).
  case button
  /// Activating it opens a link (`.link`).
  case link
  /// A heading that divides content (`.header`).
  case header
  /// A search field (`.searchField`).
  case searchField
  /// A picture (`.image`).
  case image
  /// Currently selected (`.selected`).
  case selected
  /// Plays its own sound when activated (`.playsSound`).
  case playsSound
  /// Behaves as a keyboard key (`.keyboardKey`).
  case keyboardKey
  /// Text that does not change (`.staticText`).
  case staticText
  /// Summarises the screen when it appears (`.summaryElement`).
  case summaryElement
  /// Not enabled: does not respond (`.notEnabled`).
  case notEnabled
  /// Its value changes often (`.updatesFrequently`).
  case updatesFrequently
  /// Starts a media session when activated (`.startsMediaSession`).
  case startsMediaSession
  /// Its value can be adjusted in steps (`.adjustable`).
  case adjustable
  /// Takes touches directly (`.allowsDirectInteraction`).
  case allowsDirectInteraction
  /// Turns the page when reading reaches its end (`.causesPageTurn`).
  case causesPageTurn
  /// A tab bar (`.tabBar`).
  case tabBar
  /// A button that toggles on and off (`.toggleButton`).
  case toggleButton
}
