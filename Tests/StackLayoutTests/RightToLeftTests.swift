import StackLayout
import StackfeedTestSupport
import Testing

/// Right-to-left as UIStackView lays it out: horizontal stacks arrange leading to trailing from the right,
/// `leading`/`trailing` alignment flips, directional margins flip and absolute ones stay. Every expected
/// frame is worked out by hand (no snapping, the fake measurer).
struct RightToLeftTests {
  struct Case: Sendable, CustomStringConvertible {
    let name: String
    let root: LayoutNode
    let width: Double
    /// Frames relative to the parent, left to right and right to left.
    let ltr: [String: Rect]
    let rtl: [String: Rect]
    var description: String { name }
  }

  static let cases: [Case] = [
    // fill, width 200, spacing 10: a 30, b takes the slack 160 (the last of equally hugging children).
    // rtl: a starts at the right edge, 200 − 30 = 170; b ends 10 before it.
    Case(
      name: "fill arranges from the right",
      root: HStack(spacing: 10) {
        item("a", width: 30, height: 10)
        item("b", width: 50, height: 10)
      }.node,
      width: 200, ltr: ["a": rect(0, 0, 30, 10), "b": rect(40, 0, 160, 10)],
      rtl: ["a": rect(170, 0, 30, 10), "b": rect(0, 0, 160, 10)]),
    // equalSpacing: 30 + 50 + 20 = 100, two gaps of 50. ltr a 0, b 80, c 180; rtl a 170, b 70, c 0.
    Case(
      name: "equalSpacing keeps the order leading to trailing",
      root: HStack(distribution: .equalSpacing) {
        item("a", width: 30, height: 10)
        item("b", width: 50, height: 10)
        item("c", width: 20, height: 10)
      }.node,
      width: 200, ltr: ["a": rect(0, 0, 30, 10), "b": rect(80, 0, 50, 10), "c": rect(180, 0, 20, 10)],
      rtl: ["a": rect(170, 0, 30, 10), "b": rect(70, 0, 50, 10), "c": rect(0, 0, 20, 10)]),
    // A vstack of width 100: leading is the left edge in ltr and the right one in rtl; trailing the other
    // way round; center stays (100 − 30) / 2 = 35.
    Case(
      name: "leading, center and trailing alignment in a vstack",
      root: VStack {
        VStack(alignment: .leading) { item("leading", width: 30, height: 10) }
        VStack(alignment: .center) { item("center", width: 30, height: 10) }
        VStack(alignment: .trailing) { item("trailing", width: 30, height: 10) }
      }.node,
      width: 100,
      ltr: ["leading": rect(0, 0, 30, 10), "center": rect(35, 0, 30, 10), "trailing": rect(70, 0, 30, 10)],
      rtl: ["leading": rect(70, 0, 30, 10), "center": rect(35, 0, 30, 10), "trailing": rect(0, 0, 30, 10)]),
    // Absolute margins left 20, right 5 stay: content 20 … 195. a (30) is leading: at 20 in ltr; in rtl at
    // 195 − 30 = 165; the spacer takes the 145 left.
    Case(
      name: "absolute margins stay",
      root: HStack {
        item("a", width: 30, height: 10)
        Spacer().id("s")
      }.margin(.insets(left: 20, right: 5)).node,
      width: 200, ltr: ["a": rect(20, 0, 30, 10), "s": rect(50, 0, 145, 10)],
      rtl: ["a": rect(165, 0, 30, 10), "s": rect(20, 0, 145, 10)]),
    // Directional margins leading 20, trailing 5 flip: in rtl the content is 5 … 180, a at 180 − 30 = 150.
    Case(
      name: "directional margins flip",
      root: HStack {
        item("a", width: 30, height: 10)
        Spacer().id("s")
      }.directionalMargin(.insets(leading: 20, trailing: 5)).node,
      width: 200, ltr: ["a": rect(20, 0, 30, 10), "s": rect(50, 0, 145, 10)],
      rtl: ["a": rect(150, 0, 30, 10), "s": rect(5, 0, 145, 10)]),
    // Nested: the inner hstack (fixed 100 wide, leading in a vstack of 300) moves to the right edge, and its
    // children are mirrored inside it, relative to it: x 0/40 become 70/0.
    Case(
      name: "frames stay relative to the parent",
      root: VStack(alignment: .leading) {
        HStack(spacing: 10) {
          item("a", width: 30, height: 10)
          item("b", width: 50, height: 10)
        }.width(100).id("row")
      }.node,
      width: 300,
      ltr: ["row": rect(0, 0, 100, 10), "a": rect(0, 0, 30, 10), "b": rect(40, 0, 60, 10)],
      rtl: ["row": rect(200, 0, 100, 10), "a": rect(70, 0, 30, 10), "b": rect(0, 0, 60, 10)]),
  ]

  @Test(arguments: cases)
  func rightToLeftMirrorsHorizontalStacks(_ test: Case) {
    for (direction, expected) in [(LayoutDirection.leftToRight, test.ltr), (.rightToLeft, test.rtl)] {
      var engine = LayoutEngine(measurer: FakeMeasurer(), scale: 0)
      engine.traits.direction = direction
      let result = engine.layout(test.root, width: test.width)
      #expect(result.invariantViolations().isEmpty)
      for (id, frame) in expected {
        #expect(close(result.frame(id: id), frame), "\(direction) \(id): \(String(describing: result.frame(id: id)))")
      }
    }
  }

  @Test(arguments: [
    (TextAlignment.natural, TextAlignment.left, TextAlignment.right), (.left, .left, .left), (.right, .right, .right),
    (.center, .center, .center), (.justified, .justified, .justified),
  ])
  func naturalTextAlignmentFollowsTheDirection(alignment: TextAlignment, ltr: TextAlignment, rtl: TextAlignment) {
    #expect(alignment.resolved(for: .leftToRight) == ltr)
    #expect(alignment.resolved(for: .rightToLeft) == rtl)
  }

  /// `margin` takes `leading`/`trailing` (directional) or `left`/`right` (absolute), never both; each is
  /// written back as given.
  @Test func directionalMarginsRoundTripThroughJSON() throws {
    let json = #"{"type": "hstack", "margin": {"top": 1, "leading": 20, "trailing": 5}, "children": []}"#
    let document = try LayoutJSON.decode(json)
    #expect(document.root.directionalMargin == DirectionalEdgeInsets(top: 1, leading: 20, bottom: 0, trailing: 5))
    let output = LayoutJSON.encode(LayoutEngine().layout(document.root, width: 100))
    #expect(output.contains(#""margin": {"top": 1, "leading": 20, "bottom": 0, "trailing": 5}"#))
    #expect(try LayoutJSON.decode(output).root == document.root)
    let absolute = try LayoutJSON.decode(#"{"type": "hstack", "margin": {"left": 20}, "children": []}"#)
    #expect(absolute.root.directionalMargin == nil && absolute.root.margin.left == 20)
    do {
      _ = try LayoutJSON.decode(#"{"type": "hstack", "margin": {"left": 20, "trailing": 5}}"#)
      Issue.record("a margin mixing left and trailing was accepted")
    } catch {
      #expect(error.path == "root.margin.trailing")
      #expect(error.message.contains("left/right (absolute) or leading/trailing (directional)"))
    }
  }

  /// An asymmetric tree is not its mirror (the check can fail): absolute margins 20/5 stay in right-to-left.
  @Test func absoluteAsymmetricMarginsAreNotMirrored() {
    let tree = HStack { item("a", width: 30, height: 10) }.margin(.insets(left: 20, right: 5)).node
    #expect(!Mirror.violations(tree, width: 200, scale: 3, measurer: FakeMeasurer()).isEmpty)
    #expect(
      Mirror.violations(Mirror.symmetric(tree, directional: true), width: 200, scale: 3, measurer: FakeMeasurer())
        .isEmpty)
  }

  /// The reference cells (absolute margins with left == right) on the @3x grid: every frame is the mirror.
  @Test(arguments: [320.0, 390, 768])
  func referenceCellsMirror(width: Double) {
    let cells: [LayoutNode] = [
      ReferenceCells.feedItem(
        title: "THE FUTURE IS FUNCTIONAL", subtitle: "Get after your goals in new Apex", tag: "NEW RELEASES",
        image: "functional-male"
      ).node,
      ReferenceCells.order(
        title: "Order #2041 on its way to you", subtitle: "Arrives Thursday", gallery: ["a", "b", "c", "d", "e"],
        overlay: "+1"
      ).node,
      ReferenceCells.header(headline: "Good morning, Ada", initials: "AL").node,
    ]
    for cell in cells {
      let violations = Mirror.violations(cell, width: width, scale: 3, measurer: FakeMeasurer())
      #expect(violations.isEmpty, "\(violations.prefix(3))")
    }
  }

  /// Thousands of generated trees made symmetric (absolute margins with left == right, or directional):
  /// at every scale, right-to-left frames are the mirror of the left-to-right ones, node by node.
  @Test(arguments: 0..<4)
  func generatedSymmetricTreesMirror(batch: Int) {
    var builder = RandomTreeTests.Builder(rng: SplitMix64(seed: UInt64(batch) &* 7_919 &+ 101))
    for index in 0..<300 {
      let tree = Mirror.symmetric(builder.node(depth: 0), directional: builder.chance(50))
      let width = RandomTreeTests.widths.randomElement(using: &builder.rng) ?? 390
      let scale = [0, 1, 2, 3].randomElement(using: &builder.rng) ?? 3
      let violations = Mirror.violations(tree, width: width, scale: Double(scale), measurer: FakeMeasurer())
      #expect(violations.isEmpty, "batch \(batch) tree \(index): \(violations.prefix(3))")
      if !violations.isEmpty { return }
    }
  }
}
