import StackLayout
import StackfeedTestSupport
import Testing

/// Dynamic Type: a label's font scales along its text style's curve, `size × size(style, category) ÷
/// size(style, L)` (Apple's published table, docs/TEXT.md); fixed sizes scale only when marked.
struct DynamicTypeTests {
  /// Published sizes (HIG "Dynamic Type sizes", iOS): a style's own size scales to the table's value.
  @Test(arguments: [
    (TextStyle.body, ContentSizeCategory.extraSmall, 14.0), (.body, .large, 17), (.body, .accessibilityExtraLarge, 40),
    (.body, .accessibilityExtraExtraExtraLarge, 53), (.caption2, .accessibilityExtraExtraExtraLarge, 40),
    (.caption2, .extraSmall, 11), (.largeTitle, .extraSmall, 31), (.largeTitle, .accessibilityExtraExtraExtraLarge, 60),
    (.title1, .accessibilityLarge, 43), (.title2, .accessibilityMedium, 34), (.title3, .extraExtraExtraLarge, 26),
    (.headline, .accessibilityExtraExtraLarge, 47), (.callout, .accessibilityExtraExtraExtraLarge, 51),
    (.subheadline, .accessibilityExtraLarge, 36), (.footnote, .medium, 12), (.caption1, .extraLarge, 14),
  ])
  func aStylesOwnSizeScalesToThePublishedSize(style: TextStyle, category: ContentSizeCategory, points: Double) {
    #expect(style.pointSize(at: category) == points)
    #expect(style.scaledValue(style.pointSize(at: .large), for: category) == points)
  }

  @Test func everyCurveIsTheIdentityAtLargeAndNeverFalls() {
    for style in TextStyle.allCases {
      #expect(style.scaledValue(18.5, for: .large) == 18.5)
      let sizes = ContentSizeCategory.allCases.map { style.pointSize(at: $0) }
      #expect(sizes == sizes.sorted(), "\(style)")
    }
  }

  /// A label keeps its own size at L: 18 pt title3 at AX5 is 18 × 55 / 20 = 49.5; the fake measurer's line is
  /// 1.25 × the size, so the label is 61.875 high; `placed` and the JSON carry the scaled size.
  @Test func aLabelIsLaidOutAndWrittenAtItsScaledSize() {
    let label = Text("Hi", font: FontStyle(size: 18, weight: .heavy)).textStyle(.title3).id("t")
    var engine = LayoutEngine(measurer: FakeMeasurer(), scale: 0)
    engine.traits.contentSize = .accessibilityExtraExtraExtraLarge
    let result = engine.layout(VStack { label }, width: 300)
    #expect(result.frame(id: "t")?.height == 61.875)
    guard case .text(let content) = result.placed.children[0].node.kind else {
      Issue.record("not a label")
      return
    }
    #expect(content.font.size == 49.5)
    let json = LayoutJSON.encode(result)
    #expect(json.contains(#""font": {"size": 49.5, "weight": "heavy"}"#))
    #expect(json.contains(#""textStyle": "title3""#))
    // The tree itself keeps the size at L.
    guard case .text(let original) = result.root.children[0].kind else { return }
    #expect(original.font.size == 18 && original.textStyle == .title3)
  }

  /// Fixed sizes stay unless marked: a 20 × 20 image at AX3 stays 20; marked with body it is 20 × 40 / 17.
  @Test func fixedSizesScaleOnlyWhenMarked() {
    var engine = LayoutEngine(measurer: FakeMeasurer(), scale: 0)
    engine.traits.contentSize = .accessibilityExtraLarge
    let result = engine.layout(
      VStack(alignment: .leading) {
        Image("a").square(20).id("fixed")
        Image("b").square(20).scalesWith(.body).id("scaled")
        Image("c").square(22).scalesWith(.title2).id("title2")
      }, width: 300)
    #expect(result.frame(id: "fixed")?.size == Size(width: 20, height: 20))
    #expect(result.frame(id: "scaled")?.size == Size(width: 20 * 40 / 17, height: 20 * 40 / 17))
    #expect(result.frame(id: "title2")?.size == Size(width: 44, height: 44))
  }

  /// The Dynamic Type keys are read, and written for results laid out away from L (where they tell which curve
  /// each size followed); at L they change nothing and are left out, so the output is what it always was.
  @Test func theDynamicTypeKeysAreReadAndWrittenAwayFromLarge() throws {
    let json = #"""
      {"type": "vstack", "children": [
        {"type": "text", "text": "a", "font": {"size": 15}, "textStyle": "subheadline", "accessibilityLines": 0},
        {"type": "text", "text": "b", "textStyle": "body"},
        {"type": "image", "image": "i", "width": 24, "height": 24, "scalesWith": "caption1"}]}
      """#
    let document = try LayoutJSON.decode(json)
    #expect(document.warnings.isEmpty)
    let large = LayoutJSON.encode(LayoutEngine(measurer: FakeMeasurer()).layout(document.root, width: 100))
    for key in ["textStyle", "accessibilityLines", "scalesWith"] { #expect(!large.contains(key)) }
    var engine = LayoutEngine(measurer: FakeMeasurer())
    engine.traits.contentSize = .accessibilityExtraLarge
    let output = LayoutJSON.encode(engine.layout(document.root, width: 100))
    #expect(output.contains(#""textStyle": "subheadline""#))
    #expect(output.components(separatedBy: "textStyle").count == 2)
    #expect(output.contains(#""accessibilityLines": 0"#))
    #expect(output.contains(#""scalesWith": "caption1""#))
    let reread = try LayoutJSON.decode(output).root
    #expect(reread.children[2].scalesWith == .caption1)
    guard case .text(let content) = reread.children[0].kind else { return }
    #expect(content.textStyle == .subheadline && content.accessibilityLines == 0 && content.font.size == 36)
  }

  /// At the accessibility sizes a label's `accessibilityLines` replaces `lines`; below them `lines` holds. At AX1
  /// the 10 pt body label is 10 × 28 / 17 ≈ 16.47 pt, 8.24 per character: "one two" (57.6) / "three" / "four".
  @Test func accessibilityLinesReplaceTheLimitAtAccessibilitySizes() {
    let label = Text("one two three four", font: FontStyle(size: 10), lines: 1).accessibilityLines(0).id("t")
    for (category, lines) in [(ContentSizeCategory.large, 1), (.extraExtraExtraLarge, 1), (.accessibilityMedium, 3)] {
      var engine = LayoutEngine(measurer: FakeMeasurer(), scale: 0)
      engine.traits.contentSize = category
      let result = engine.layout(VStack { label }, width: 60)
      #expect(result.texts[1]?.lines.count == lines, "\(category.rawValue)")
    }
  }

  @Test(arguments: [
    (#"{"type": "text", "textStyle": "big"}"#, "root.textStyle"),
    (#"{"type": "text", "textStyle": 3}"#, "root.textStyle"),
    (#"{"type": "box", "scalesWith": "huge"}"#, "root.scalesWith"),
  ])
  func badStylesAreRefusedWithTheirPath(json: String, path: String) {
    #expect(throws: LayoutJSONError.self) { try LayoutJSON.decode(json) }
    do {
      _ = try LayoutJSON.decode(json)
    } catch {
      #expect(error.path == path)
    }
  }

  /// Heights never shrink as the content size grows: generated trees of stacks, labels (every style, some
  /// with line limits), spacers and fixed boxes, at every category from xS to AX5.
  @Test(arguments: 0..<4)
  func heightsNeverShrinkAsTheContentSizeGrows(batch: Int) {
    var rng = SplitMix64(seed: UInt64(batch) &* 7_919 &+ 303)
    for index in 0..<200 {
      let tree = TextTree.node(depth: 0, rng: &rng)
      let width: Double = [120, 320, 390].randomElement(using: &rng) ?? 390
      var previous = 0.0
      for category in ContentSizeCategory.allCases {
        var engine = LayoutEngine(measurer: FakeMeasurer(), scale: 3)
        engine.traits.contentSize = category
        let height = engine.layout(tree, width: width).size.height
        #expect(height >= previous, "batch \(batch) tree \(index) at \(category.rawValue): \(height) < \(previous)")
        if height < previous { return }
        previous = height
      }
    }
  }

  /// The reference cells, from xS to AX5 at 390: heights never shrink.
  @Test func referenceCellHeightsNeverShrink() {
    let cells = [
      ReferenceCells.feedItem(title: "THE FUTURE IS FUNCTIONAL", subtitle: "Get after it", tag: "NEW", image: "x").node,
      ReferenceCells.order(title: "Order #2041", subtitle: "Arrives Thursday", gallery: ["a", "b"], overlay: nil).node,
      ReferenceCells.header(headline: "Good morning", initials: "AL").node,
    ]
    for cell in cells {
      var previous = 0.0
      for category in ContentSizeCategory.allCases {
        var engine = LayoutEngine(measurer: FakeMeasurer(), scale: 3)
        engine.traits.contentSize = category
        let height = engine.layout(cell, width: 390).size.height
        #expect(height >= previous, "\(category.rawValue)")
        previous = height
      }
    }
  }
}

/// Generated trees for the Dynamic Type property: only what a card is made of, valid values throughout.
enum TextTree {
  static func node(depth: Int, rng: inout SplitMix64) -> LayoutNode {
    let roll = Int.random(in: 0..<100, using: &rng)
    if depth < 4 && (depth == 0 || roll < 40) {
      let count = Int.random(in: 1...4, using: &rng)
      let children = (0..<count).map { _ in node(depth: depth + 1, rng: &rng) }
      var stack = LayoutNode(kind: Bool.random(using: &rng) ? .vstack : .hstack, children: children)
      stack.spacing = [0, 4, 10].randomElement(using: &rng) ?? 0
      stack.alignment = [.fill, .leading, .center, .trailing].randomElement(using: &rng) ?? .fill
      stack.distribution = [.fill, .fillEqually, .equalSpacing].randomElement(using: &rng) ?? .fill
      stack.margin = .all([0, 8, 20].randomElement(using: &rng) ?? 0)
      return stack
    }
    switch roll % 4 {
    case 0, 1:
      let words = ["Hi", "THE FUTURE IS FUNCTIONAL", "Get after your goals in new Apex", "Order #2041 arrives"]
      return Text(
        words.randomElement(using: &rng) ?? "Hi",
        font: FontStyle(size: [11.5, 15, 18].randomElement(using: &rng) ?? 15),
        lines: [0, 1, 2].randomElement(using: &rng) ?? 0,
        textStyle: TextStyle.allCases.randomElement(using: &rng) ?? .body
      ).node
    case 2: return Spacer(h: [0.0, 6].randomElement(using: &rng) ?? 0).node
    default: return Box().size(width: 20, height: [10, 30].randomElement(using: &rng) ?? 10).node
    }
  }
}
