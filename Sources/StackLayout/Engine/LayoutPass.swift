/// One layout of one root: the flat tree, per-node memo tables and the frames being built.
///
/// Lives for a single `LayoutEngine.layout` call; every table is indexed by preorder position.
struct LayoutPass {
  var tree: FlatTree
  let measurer: any TextMeasuring
  let scale: Double
  /// Per node: `flexWidth` (width-independent) and the last `flexHeight` (by width), memoised.
  var memo: [NodeMemo]
  /// Per text: the natural (unwrapped) measurement, and the last width-bound one.
  var naturalTexts: [TextMeasurement?]
  var lastTextWidth: [Double]
  var lastTexts: [TextMeasurement?]
  /// Scratch stack of flexes; each caller pushes its children and pops them before returning.
  var scratch: [Flex] = []
  /// Scratch stack of numbers (allocations, child widths and heights), used like `scratch`.
  var numbers: [Double] = []
  /// Root-coordinate origins used while snapping.
  var origins: [Origin]
  /// Exact frames relative to the parent; snapped at the end.
  var frames: [Rect]
  var textsOut: [TextMeasurement?]
  var overflowing: Set<Int> = []
  var warnings: [(node: Int, message: String)] = []
  private var warned: Set<String> = []

  init(tree: FlatTree, measurer: any TextMeasuring, scale: Double, workspace: inout Workspace) {
    self.tree = tree
    self.measurer = measurer
    self.scale = scale.isFinite && scale > 0 ? scale : 0
    let count = tree.items.count
    let textCount = tree.texts.count
    memo = Workspace.take(&workspace.memo)
    memo.append(contentsOf: repeatElement(NodeMemo(), count: count))
    naturalTexts = Workspace.take(&workspace.naturalTexts)
    naturalTexts.append(contentsOf: repeatElement(nil, count: textCount))
    lastTextWidth = Workspace.take(&workspace.lastTextWidth)
    lastTextWidth.append(contentsOf: repeatElement(.nan, count: textCount))
    lastTexts = Workspace.take(&workspace.lastTexts)
    lastTexts.append(contentsOf: repeatElement(nil, count: textCount))
    scratch = Workspace.take(&workspace.scratch)
    numbers = Workspace.take(&workspace.numbers)
    origins = Workspace.take(&workspace.origins)
    frames = Array(repeating: .zero, count: count)
    textsOut = Array(repeating: nil, count: count)
    for issue in tree.issues { warn(issue.node, issue.message) }
  }

  /// Hands the reusable buffers back to `workspace` (the frames and texts go to the result).
  mutating func recycle(into workspace: inout Workspace) {
    swap(&workspace.items, &tree.items)
    swap(&workspace.texts, &tree.texts)
    swap(&workspace.memo, &memo)
    swap(&workspace.naturalTexts, &naturalTexts)
    swap(&workspace.lastTextWidth, &lastTextWidth)
    swap(&workspace.lastTexts, &lastTexts)
    swap(&workspace.scratch, &scratch)
    swap(&workspace.numbers, &numbers)
    swap(&workspace.origins, &origins)
  }

  /// Records a warning once per node and message.
  mutating func warn(_ node: Int, _ message: String) {
    if warned.insert("\(node):\(message)").inserted {
      warnings.append((node, message))
    }
  }

  /// Marks a node whose children extend past its bounds, with the reason.
  mutating func overflow(_ node: Int, _ message: String) {
    overflowing.insert(node)
    warn(node, message)
  }

  /// Rounds up to the pixel grid (with an epsilon so exact pixels stay put).
  func ceilPixel(_ value: Double) -> Double {
    scale > 0 ? (value * scale - 1e-7).rounded(.up) / scale : value
  }

  /// Rounds to the nearest pixel; ties go up.
  func snapPixel(_ value: Double) -> Double {
    scale > 0 ? (value * scale + 0.5 + 1e-7).rounded(.down) / scale : value
  }

  // MARK: Text

  /// The natural (one-line, unwrapped) measurement of a text, cached.
  mutating func naturalText(_ text: Int) -> TextMeasurement {
    if let cached = naturalTexts[text] { return cached }
    let input = tree.texts[text]
    let result = sanitized(measurer.measure(input.string, font: input.font, maxLines: input.lines, maxWidth: nil))
    naturalTexts[text] = result
    return result
  }

  /// The measurement of a text wrapped at `width`, cached for the last width.
  mutating func text(_ text: Int, width: Double) -> TextMeasurement {
    let natural = naturalText(text)
    if width >= ceilPixel(natural.width) - 1e-9 { return natural }
    if lastTextWidth[text] == width, let cached = lastTexts[text] { return cached }
    let input = tree.texts[text]
    let result = sanitized(measurer.measure(input.string, font: input.font, maxLines: input.lines, maxWidth: width))
    lastTextWidth[text] = width
    lastTexts[text] = result
    return result
  }

  private func sanitized(_ measurement: TextMeasurement) -> TextMeasurement {
    func clean(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), FlatTree.maxLength) : 0 }
    var result = measurement
    result.width = clean(result.width)
    result.height = clean(result.height)
    result.firstBaseline = clean(result.firstBaseline)
    result.lastBaseline = clean(result.lastBaseline)
    return result
  }

  // MARK: Paths

  /// `root.children[1].children[0]` for a preorder index.
  func path(of node: Int) -> String {
    var parts: [Int] = []
    var current = node
    while current > 0 {
      parts.append(Int(tree.items[current].childIndex))
      current = Int(tree.items[current].parent)
    }
    return parts.reversed().reduce("root") { $0 + ".children[\($1)]" }
  }
}

/// Memoised measurements of one node.
struct NodeMemo {
  var width = Flex.free
  var hasWidth = false
  /// The width `height` was measured at; NaN when not measured yet.
  var heightWidth = Double.nan
  var height = Flex.free
}
