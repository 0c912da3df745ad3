import FeedPlugins
import StackLayout
import Testing

/// The built-in cards of the bundled seeds at every content size and in both directions (issue 20): heights
/// never shrink as the text grows, no label is squeezed below the height of its lines (a line limit ends a
/// label with an ellipsis, never silently), no layout needs a fallback, and right to left is the mirror.
@Suite struct CardTraitsTests {
  static let widths: [Double] = [320, 390, 768]

  static func trees() throws -> [(name: String, tree: LayoutNode)] {
    let store = try CardFixture.reference().store
    return try store.rows().compactMap { row in try store.registry.card(for: row).map { ("\(row.kind) \(row.id)", $0) }
    }
  }

  @Test(arguments: widths)
  func heightsGrowWithTheContentSizeAndNoLabelIsSqueezed(width: Double) throws {
    for (name, tree) in try Self.trees() {
      var previous = 0.0
      for category in ContentSizeCategory.allCases {
        var engine = LayoutEngine()
        engine.traits.contentSize = category
        let result = engine.layout(tree, width: width)
        #expect(result.size.height >= previous, "\(name) at \(category.rawValue)")
        previous = result.size.height
        #expect(result.warnings.isEmpty, "\(name) at \(category.rawValue): \(result.warnings)")
        for (index, measured) in result.texts.enumerated() {
          guard let measured, !measured.lines.isEmpty else { continue }
          #expect(
            result.frames[index].height >= measured.height - 1e-9,
            "\(name) at \(category.rawValue): label \(index) is \(result.frames[index].height) high for \(measured.height)"
          )
        }
      }
    }
  }

  @Test(arguments: widths)
  func rightToLeftIsTheMirrorAtEveryContentSize(width: Double) throws {
    for (name, tree) in try Self.trees() {
      for category in [ContentSizeCategory.large, .accessibilityExtraLarge, .accessibilityExtraExtraExtraLarge] {
        var engine = LayoutEngine()
        engine.traits.contentSize = category
        let ltr = engine.layout(tree, width: width)
        engine.traits.direction = .rightToLeft
        let violations = engine.layout(tree, width: width).mirrorViolations(of: ltr)
        #expect(violations.isEmpty, "\(name) at \(category.rawValue): \(violations.prefix(3))")
      }
    }
  }

  /// The styles only pick the curve: at L every card is the tree it was, and a title 18 pt at L is
  /// 18 × 44 / 22 = 36 pt at AX3 along title2.
  @Test func theCardsKeepTheirSizesAtLargeAndScaleAlongTheirStyles() throws {
    let card = CardTreeTests.feedItem(title: "Press reset", subtitle: "Sub", tag: "new")
    var engine = LayoutEngine()
    engine.traits.contentSize = .accessibilityExtraLarge
    let placed = engine.layout(card, width: 390).placed
    var sizes: [String: Double] = [:]
    func collect(_ node: PlacedNode) {
      if case .text(let content) = node.node.kind, let id = node.node.id { sizes[id] = content.font.size }
      node.children.forEach(collect)
    }
    collect(placed)
    #expect(sizes["titleLabel"] == 36)
    #expect(sizes["subtitleLabel"] == 36)  // subheadline: 15 × 36 / 15
    #expect(sizes["tagLabel"] == 11.5 * 32 / 12)  // caption1
    #expect(!LayoutJSON.encode(LayoutEngine().layout(card, width: 390)).contains("textStyle"))
  }
}
