import BuiltInPlugins
import FeedPlugins
import Foundation
import StackLayout
import Testing

@testable import StackRender

/// Every label of the built-in cards against what is drawn behind it, in both schemes: WCAG 2.x contrast of at
/// least 4.5:1 (the body-text rule, used for every label, large or not).
@Suite struct CardContrastTests {
  /// One label and what is behind it.
  struct Measured: CustomStringConvertible {
    var kind: String
    var id: String
    var text: Color
    var backdrop: Color
    var ratio: Double { Contrast.ratio(text, backdrop) }
    var description: String { "\(kind).\(id): \(text.hex) on \(backdrop.hex) = \(String(format: "%.2f", ratio)):1" }
  }

  /// The labels of `tree` laid out at 390 for `scheme`, each against the colour at its frame's centre: the
  /// screen, then every fill painted before the label's text in the renderers' order (backgrounds, the grey
  /// placeholder of a named image, the label's own background), each with its node's opacity.
  static func labels(_ tree: LayoutNode, kind: String, scheme: ColorScheme) -> [Measured] {
    var engine = LayoutEngine()
    engine.traits = Traits(scheme: scheme)
    let screen = FeedScreen.background.resolved(for: scheme)
    var fills: [(frame: Rect, color: Color, opacity: Double)] = []
    var found: [Measured] = []
    func visit(_ placed: PlacedNode, x: Double, y: Double, opacity: Double) {
      let node = placed.node
      guard !node.isHidden, node.alpha > 0 else { return }
      let frame = Rect(
        x: x + placed.frame.x, y: y + placed.frame.y, width: placed.frame.width, height: placed.frame.height)
      let opacity = opacity * node.alpha
      if let background = node.background?.resolved(for: scheme) { fills.append((frame, background, opacity)) }
      switch node.kind {
      case .image(let image) where image.name != nil:
        fills.append((frame, PlaceholderLabel.fill.resolved(for: scheme), opacity))
      case .text(let content) where placed.text?.lines.isEmpty == false:
        let centre = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        let backdrop = fills.filter {
          $0.frame.x <= centre.x && centre.x <= $0.frame.maxX && $0.frame.y <= centre.y && centre.y <= $0.frame.maxY
        }
        .reduce(screen) { Contrast.over($1.color, $0, opacity: $1.opacity) }
        let text = Contrast.over(content.color.resolved(for: scheme), backdrop, opacity: opacity)
        found.append(Measured(kind: kind, id: node.id ?? "?", text: text, backdrop: backdrop))
      default: break
      }
      for child in placed.children { visit(child, x: frame.x, y: frame.y, opacity: opacity) }
    }
    visit(engine.layout(tree, width: 390).placed, x: 0, y: 0, opacity: 1)
    return found
  }

  static func allLabels(scheme: ColorScheme) throws -> [Measured] {
    try [CardGoldenTests.Feed.reference, .edges, .order4].flatMap { feed in
      try CardAccessibilityTests.cards(feed).flatMap { labels($0.tree, kind: $0.row.kind, scheme: scheme) }
    }
  }

  /// The labels whose light colours, the app's own, fall below 4.5:1 today: white on the grey image placeholder
  /// (`#8E8E93`, 3.26:1) and on the tree's `gray` behind a missing image (`#808080`, 3.95:1). The light output
  /// is kept as it is; the dark scheme fixes them.
  static let lightBelowTheRule: Set<String> = [
    "feed_item.titleLabel", "feed_item.subtitleLabel",
  ]

  @Test func everyLabelReadsInTheDarkScheme() throws {
    let labels = try Self.allLabels(scheme: .dark)
    #expect(labels.count > 20)
    for label in labels { #expect(label.ratio >= 4.5, "\(label)") }
  }

  @Test func inTheLightSchemeOnlyTheKnownLabelsFallShort() throws {
    let labels = try Self.allLabels(scheme: .light)
    let short = labels.filter { $0.ratio < 4.5 }
    #expect(Set(short.map { "\($0.kind).\($0.id)" }) == Self.lightBelowTheRule, "\(short)")
    #expect(short.allSatisfy { $0.ratio > 3 }, "\(short)")
    for label in labels where !Self.lightBelowTheRule.contains("\(label.kind).\(label.id)") {
      #expect(label.ratio >= 4.5, "\(label)")
    }
  }

  @Test(arguments: [
    (Color.white, Color.black, 21.0), (Color.white, Color.white(0.5), 3.95),
    (Color.white, Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255), 3.26),
  ])
  func theContrastFormulaIsWCAGs(a: Color, b: Color, expected: Double) {
    #expect(abs(Contrast.ratio(a, b) - expected) < 0.01)
  }
}
