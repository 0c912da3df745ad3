/// The environment a card is laid out and drawn for, as UIKit's trait collection carries it: the
/// Dynamic Type size, the layout direction and the colour scheme.
///
/// ```swift
/// var engine = LayoutEngine()
/// engine.traits = Traits(contentSize: .accessibilityExtraLarge, direction: .rightToLeft, scheme: .dark)
/// engine.layout(card, width: 390).traits   // what a renderer draws the result for
/// ```
public struct Traits: Sendable, Hashable {
  /// The Dynamic Type size text scales to.
  public var contentSize: ContentSizeCategory
  /// Which way horizontal stacks arrange and natural text aligns.
  public var direction: LayoutDirection
  /// Which colour of a light/dark pair is drawn.
  public var scheme: ColorScheme

  /// Creates traits; each defaults to the system's default (`L`, left to right, light).
  public init(
    contentSize: ContentSizeCategory = .large, direction: LayoutDirection = .leftToRight, scheme: ColorScheme = .light
  ) {
    self.contentSize = contentSize
    self.direction = direction
    self.scheme = scheme
  }

  /// `L`, left to right, light: the traits every output had before traits existed.
  public static let `default` = Traits()

  /// The three names joined by spaces, e.g. `AX3 rtl dark` (headings, logs, cache keys).
  public var name: String { "\(contentSize.rawValue) \(direction.rawValue) \(scheme.rawValue)" }
}
