import StackLayout
import StackfeedTestSupport
import Testing

/// Thousands of generated trees (seeded, so every run is the same): extreme and invalid numbers,
/// empty stacks, zero widths, deep nesting, every enum value. The engine must never trap and every
/// result must pass the invariant checker; the JSON output must hold only finite numbers.
struct RandomTreeTests {
  static let lengths: [Double] = [0, 0.1, 0.5, 1, 3, 17.3, 50, 390, 1e4, 1e9, 1e300, -5, .nan, .infinity, -.infinity]
  static let widths: [Double] = [0, 0.3, 1, 50, 320, 390, 768, 1e7, -1, .nan, .infinity]

  struct Builder {
    var rng: SplitMix64

    mutating func length() -> Double { RandomTreeTests.lengths.randomElement(using: &rng) ?? 0 }
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
    mutating func priority() -> LayoutPriority {
      [LayoutPriority.required, 999, 750, 500, 251, 250, 200, 51, 50, 1].randomElement(using: &rng) ?? .required
    }

    mutating func node(depth: Int) -> LayoutNode {
      let stack = depth < 14 && chance(depth < 2 ? 90 : 45)
      var node: LayoutNode
      if stack {
        let kinds: [LayoutNode.Kind] = [.vstack, .hstack, .zstack]
        node = LayoutNode(kind: kinds.randomElement(using: &rng) ?? .vstack)
        let count = chance(10) ? 0 : Int.random(in: 1...(depth == 0 ? 6 : 4), using: &rng)
        node.children = (0..<count).map { _ in self.node(depth: depth + 1) }
        node.spacing = chance(60) ? 0 : length()
        node.alignment = StackAlignment.allCases.randomElement(using: &rng) ?? .fill
        node.distribution = StackDistribution.allCases.randomElement(using: &rng) ?? .fill
        if chance(40) { node.margin = EdgeInsets(top: length(), left: length(), bottom: length(), right: length()) }
      } else {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
          let words = ["", "a", "HELLO", "THE FUTURE IS FUNCTIONAL", "one two three four five six seven"]
          let text = words.randomElement(using: &rng) ?? ""
          let font = FontStyle(
            size: [0, 8, 17, 40, -3].randomElement(using: &rng) ?? 17,
            weight: FontWeight.allCases.randomElement(using: &rng) ?? .regular)
          node = Text(text, font: font, lines: Int.random(in: -1...3, using: &rng)).node
        case 1:
          node =
            Image(chance(50) ? "x" : nil, contentMode: ContentMode.allCases.randomElement(using: &rng) ?? .center).node
        case 2: node = Spacer().node
        default: node = Box().node
        }
        if chance(30) { node.intrinsicWidth = length() }
        if chance(30) { node.intrinsicHeight = length() }
      }
      if chance(25) { node.width = SizeConstraint(length(), priority: priority()) }
      if chance(25) { node.height = SizeConstraint(length(), priority: priority()) }
      if chance(15) {
        node.aspectRatio = AspectRatio(
          [0.5, 0.9, 2, 0, -1, .nan, 1e-12, 1e12].randomElement(using: &rng) ?? 1, priority: priority())
      }
      node.isHidden = chance(10)
      return node
    }
  }

  @Test(arguments: 0..<8)
  func generatedTreesNeverBreakTheInvariants(batch: Int) {
    var builder = Builder(rng: SplitMix64(seed: UInt64(batch) &* 7_919 &+ 17))
    for index in 0..<400 {
      let tree = builder.node(depth: 0)
      let width = Self.widths.randomElement(using: &builder.rng) ?? 390
      let height: Double? = builder.chance(20) ? Self.widths.randomElement(using: &builder.rng) : nil
      let scale = [0, 1, 2, 3].randomElement(using: &builder.rng) ?? 3
      let result = LayoutEngine(measurer: FakeMeasurer(), scale: Double(scale)).layout(
        tree, width: width, height: height)
      let violations = result.invariantViolations()
      #expect(violations.isEmpty, "batch \(batch) tree \(index): \(violations.prefix(3))")
      let json = LayoutJSON.encode(result)
      #expect(!json.contains("nan") && !json.contains("inf"), "batch \(batch) tree \(index)")
      if !violations.isEmpty { return }
    }
  }

  /// Laying out many roots in one call reuses the pass's tables from root to root: every result
  /// (frames, texts, warnings, overflow marks) must be the one a separate call gives, including
  /// after roots with invalid values, warnings and the depth limit.
  @Test(arguments: [(0.0, 390.0, 256), (3, 320, 256), (2, 1, 3), (3, .nan, 6)])
  func oneCallForManyRootsEqualsOneCallEach(scale: Double, width: Double, maxDepth: Int) {
    var builder = Builder(rng: SplitMix64(seed: UInt64(maxDepth) &* 31 &+ UInt64(width.isNaN ? 7 : Int(width))))
    let roots = (0..<300).map { _ in builder.node(depth: 0) }
    let engine = LayoutEngine(measurer: FakeMeasurer(), scale: scale, maxDepth: maxDepth)
    let together = engine.layout(roots, width: width)
    #expect(together.count == roots.count)
    // Compared field by field: `root` is the same value, but generated trees hold NaNs (NaN != NaN).
    for (index, root) in roots.enumerated() {
      let alone = engine.layout(root, width: width)
      let same =
        together[index].frames == alone.frames && together[index].texts == alone.texts
        && together[index].warnings == alone.warnings && together[index].overflowing == alone.overflowing
      guard same else {
        Issue.record("root \(index) differs when laid out with the others")
        return
      }
    }
    #expect(engine.layout([LayoutNode](), width: width).isEmpty)
  }
}
