/// The headless UIStackView engine: measures a tree (height for width), arranges it into frames
/// relative to each parent, and snaps them to the pixel grid, for its traits (Dynamic Type scales labels
/// and marked fixed sizes; right-to-left mirrors the snapped frames, docs/LAYOUT.md).
///
/// ```swift
/// let engine = LayoutEngine()                              // default measurer, scale 3
/// let result = engine.layout(card, width: 390)             // height fitted (self-sizing cell)
/// ```
/// Conflicts never trap: the documented fallback wins and `LayoutResult.warnings` says so.
public struct LayoutEngine: Sendable {
  /// Measures labels.
  public var measurer: any TextMeasuring
  /// Screen scale for pixel snapping (3 = @3x); 0 turns snapping off.
  public var scale: Double
  /// Deepest nesting laid out; deeper nodes are collapsed with a warning (keeps recursion bounded).
  public var maxDepth: Int
  /// The traits cards are laid out for; every result records them for its renderers.
  public var traits: Traits = .default

  /// The shared default measurer: `StandardTextMeasurer` (Inter advances, SF metrics) behind a cache.
  public static let defaultMeasurer: any TextMeasuring = CachingTextMeasurer(base: StandardTextMeasurer(scale: 3))

  /// Creates an engine.
  public init(measurer: any TextMeasuring = LayoutEngine.defaultMeasurer, scale: Double = 3, maxDepth: Int = 256) {
    self.measurer = measurer
    self.scale = scale
    self.maxDepth = max(1, maxDepth)
  }

  /// Lays out `root` at `width`; its height is `height` when given, else the fitted height
  /// (the root's own fixed height or aspect ratio, else its content), rounded to the pixel grid.
  public func layout(_ root: some LayoutElement, width: Double, height: Double? = nil) -> LayoutResult {
    layout(root.node, width: width, height: height)
  }

  /// Lays out a node tree; see `layout(_:width:height:)` above.
  public func layout(_ root: LayoutNode, width: Double, height: Double? = nil) -> LayoutResult {
    // The root is copied once, into this array: flattened in place there, then moved to the result.
    var roots = [root]
    var pass = LayoutPass(
      tree: FlatTree(root: roots, maxDepth: maxDepth, traits: traits, scale: scale), measurer: measurer, scale: scale)
    return finish(&pass, root: roots.removeLast(), width: width, height: height)
  }

  /// Lays out each root at `width` (heights fitted), in order: the same results as calling
  /// `layout(_:width:)` for each, but one set of per-layout tables serves them all, so a feed of
  /// cards allocates one frame table per card instead of every table.
  public func layout(_ roots: [LayoutNode], width: Double) -> [LayoutResult] {
    guard !roots.isEmpty else { return [] }
    var results: [LayoutResult] = []
    results.reserveCapacity(roots.count)
    var pass = LayoutPass(
      tree: FlatTree(root: roots, maxDepth: maxDepth, traits: traits, scale: scale), measurer: measurer, scale: scale)
    for index in roots.indices {
      if index > 0 { pass.reload(roots, index, maxDepth: maxDepth) }
      results.append(finish(&pass, root: roots[index], width: width, height: nil))
    }
    return results
  }

  /// Measures and arranges the root the pass holds, then snaps and collects the result.
  private func finish(_ pass: inout LayoutPass, root: LayoutNode, width: Double, height: Double?) -> LayoutResult {
    let rootWidth = proposal(width, name: "width", pass: &pass) ?? 0
    let rootHeight: Double
    if let height, let fixed = proposal(height, name: "height", pass: &pass) {
      rootHeight = fixed
    } else if pass.tree.items[0].isHidden {
      rootHeight = 0
    } else {
      let fitted = pass.flexHeight(0, width: rootWidth).nat
      rootHeight = min(pass.snapPixel(fitted), FlatTree.maxLength)
    }
    let rootItem = pass.tree.items[0]
    if let fixed = rootItem.fixedWidth, rootItem.widthPriority >= 1000, abs(fixed - rootWidth) > 1e-9 {
      pass.warn(0, "the root's fixed width \(fixed) is replaced by the layout width \(rootWidth)")
    }
    pass.frames[0] = Rect(x: 0, y: 0, width: rootWidth, height: rootHeight)
    if !rootItem.isHidden { pass.arrange(0, width: rootWidth, height: rootHeight) }
    pass.snapFrames()
    if traits.direction == .rightToLeft { pass.mirrorFrames() }
    var warnings: [LayoutWarning] = []
    for warning in pass.warnings {
      warnings.append(LayoutWarning(path: pass.path(of: warning.node), message: warning.message))
    }
    return LayoutResult(
      root: root, frames: pass.frames.elements, texts: pass.textsOut, overflowing: pass.overflowing,
      warnings: warnings, traits: traits)
  }

  /// The node's size range (RepresentableKit's min … ideal … max): at `width` when given (all
  /// three widths equal it), else for a nil proposal (natural width; heights at that width).
  public func measure(_ node: some LayoutElement, width: Double? = nil) -> SizeRange {
    var pass = LayoutPass(
      tree: FlatTree(node.node, maxDepth: maxDepth, traits: traits, scale: scale), measurer: measurer, scale: scale)
    let widthFlex = pass.flexWidth(0)
    let proposed = width.flatMap { proposal($0, name: "width", pass: &pass) }
    let fitted = proposed ?? widthFlex.nat
    let heightFlex = pass.flexHeight(0, width: fitted)
    return SizeRange(
      minimum: Size(width: proposed ?? widthFlex.lo, height: heightFlex.lo),
      ideal: Size(width: fitted, height: heightFlex.nat),
      maximum: Size(width: proposed ?? widthFlex.hi, height: heightFlex.hi))
  }

  private func proposal(_ value: Double, name: String, pass: inout LayoutPass) -> Double? {
    if value.isNaN {
      pass.warn(0, "layout \(name) is NaN: ignored")
      return nil
    }
    let clamped = min(max(value, 0), FlatTree.maxLength)
    if clamped != value { pass.warn(0, "layout \(name) \(value) is out of range: using \(clamped)") }
    return clamped
  }
}
