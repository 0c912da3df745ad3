/// One layout of one root: the flat tree, per-node memo tables and the frames being built.
///
/// Lives for a single `LayoutEngine.layout` call; every table is indexed by preorder position.
struct LayoutPass: ~Copyable {
  var tree: FlatTree
  let measurer: any TextMeasuring
  let scale: Double
  /// Per node: `flexWidth` (width-independent) and the last `flexHeight` (by width), memoised.
  var memo: PassTable<NodeMemo>
  /// Per text: the natural (unwrapped) measurement, and the last width-bound one.
  var textMemo: [TextMemo]
  /// Scratch stack of flexes; each caller pushes its children and pops them before returning.
  var scratch: PassTable<Flex>
  /// Scratch stack of numbers (allocations, child widths and heights), used like `scratch`.
  var numbers: PassTable<Double>
  /// Scratch stack of child positions (the order in which `fill` hands out slack), used like `scratch`.
  var order = PassTable<Int>(capacity: 8)
  /// Exact frames relative to the parent; snapped at the end.
  var frames: PassTable<Rect>
  /// Per node, the measurement of a label at its final width; empty until the first label is measured.
  var textsOut: [TextMeasurement?] = []
  var overflowing: Set<Int> = []
  var warnings: [(node: Int, message: String)] = []
  /// The conflict of the last `allocate` call, and the remembered conflicts of HStack allocations.
  var lastConflict: Conflict?
  var allocationConflicts: [Int: Conflict] = [:]
  private var warned: Set<String> = []

  /// Every table is allocated here once, at its final size (the stacks at a size they rarely outgrow),
  /// and freed with the pass: no buffer outlives the pass or is shared between threads.
  init(tree: consuming FlatTree, measurer: any TextMeasuring, scale: Double) {
    let count = tree.items.count
    let textCount = tree.texts.count
    let issues = tree.issues
    self.tree = tree
    self.measurer = measurer
    self.scale = scale.isFinite && scale > 0 ? scale : 0
    memo = PassTable(repeating: NodeMemo(), count: count)
    textMemo = textCount == 0 ? [] : Array(repeating: TextMemo(), count: textCount)
    scratch = PassTable(capacity: count)
    numbers = PassTable(capacity: 4 * count)
    frames = PassTable(repeating: .zero, count: count)
    for issue in issues { warn(issue.node, issue.message) }
  }

  /// Starts over on `roots[index]`: the tree is flattened again and every table reset, as a new
  /// pass would have them, but into the buffers this pass already holds. Nothing of the previous root
  /// is read afterwards.
  mutating func reload(_ roots: [LayoutNode], _ index: Int, maxDepth: Int) {
    tree.reload(roots, index, maxDepth: maxDepth)
    let count = tree.items.count
    memo.refill(with: NodeMemo(), count: count)
    textMemo.refill(with: TextMemo(), count: tree.texts.count)
    scratch.pop(to: 0)
    numbers.pop(to: 0)
    order.pop(to: 0)
    frames.refill(with: .zero, count: count)
    // Emptied only when something was added: assigning an empty value releases the old one even when empty.
    if !textsOut.isEmpty { textsOut = [] }
    if !overflowing.isEmpty { overflowing = [] }
    if !warnings.isEmpty { warnings = [] }
    lastConflict = nil
    if !allocationConflicts.isEmpty { allocationConflicts = [:] }
    if !warned.isEmpty { warned = [] }
    for issue in tree.issues { warn(issue.node, issue.message) }
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
    if let cached = textMemo[text].natural { return cached }
    let input = tree.texts[text]
    let result = sanitized(measurer.measure(input.string, font: input.font, maxLines: input.lines, maxWidth: nil))
    textMemo[text].natural = result
    return result
  }

  /// The measurement of a text wrapped at `width`, cached for the last width.
  mutating func text(_ text: Int, width: Double) -> TextMeasurement {
    let natural = naturalText(text)
    if width >= ceilPixel(natural.width) - 1e-9 { return natural }
    if textMemo[text].lastWidth == width, let cached = textMemo[text].last { return cached }
    let input = tree.texts[text]
    let result = sanitized(measurer.measure(input.string, font: input.font, maxLines: input.lines, maxWidth: width))
    textMemo[text].lastWidth = width
    textMemo[text].last = result
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
  /// The width of this HStack's remembered allocation; NaN when none.
  var allocationWidth = Double.nan
  /// This node's main-axis size and offset in its parent HStack's remembered allocation.
  var allocatedSize = 0.0
  var allocatedOffset = 0.0
}

/// An allocation conflict: the warning, and whether the children overflow.
typealias Conflict = (message: String, overflows: Bool)

/// Memoised measurements of one text.
struct TextMemo {
  var natural: TextMeasurement?
  /// The width `last` was measured at; NaN when not measured yet.
  var lastWidth = Double.nan
  var last: TextMeasurement?
}
