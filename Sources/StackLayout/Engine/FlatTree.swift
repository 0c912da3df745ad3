/// The engine's view of one node: plain values only (NaN marks an absent length), so the passes
/// run without ARC traffic and copy little.
struct FlatItem {
  enum Kind: UInt8 {
    case vstack, hstack, zstack, leaf
  }

  /// Index just past this node's subtree (preorder), so children are `i + 1 ..< end`, hopping by `end`.
  var end: Int
  var parent: Int32
  var childIndex: Int32
  /// Index into `FlatTree.texts`, or -1.
  var text: Int32
  var kind: Kind
  var isHidden: Bool
  /// Inside a hidden ancestor or below the depth limit: never laid out, frame zero.
  var isCollapsed: Bool
  var alignment: StackAlignment
  var distribution: StackDistribution
  var widthPriority: Float
  var heightPriority: Float
  var ratioPriority: Float
  var spacing: Double
  var margin: EdgeInsets
  var rawFixedWidth: Double
  var rawFixedHeight: Double
  var rawRatio: Double
  var rawIntrinsicWidth: Double
  var rawIntrinsicHeight: Double

  var fixedWidth: Double? { rawFixedWidth.isNaN ? nil : rawFixedWidth }
  var fixedHeight: Double? { rawFixedHeight.isNaN ? nil : rawFixedHeight }
  var ratio: Double? { rawRatio.isNaN ? nil : rawRatio }
  var intrinsicWidth: Double? { rawIntrinsicWidth.isNaN ? nil : rawIntrinsicWidth }
  var intrinsicHeight: Double? { rawIntrinsicHeight.isNaN ? nil : rawIntrinsicHeight }
}

/// A label's measuring inputs.
struct FlatText {
  var string: String
  var font: FontStyle
  var lines: Int
}

/// A layout tree flattened into preorder arrays, with every numeric input sanitized.
///
/// Built by a recursive walk that reads each node in place in its parent's `children` (no
/// `LayoutNode` is copied); the recursion stops at `maxDepth`, and deeper nodes are
/// collapsed (frame zero) by an iterative walk, with one warning, so any depth is safe.
struct FlatTree: ~Copyable {
  var items = PassTable<FlatItem>(capacity: 32)
  var texts: [FlatText] = []
  var issues: [(node: Int, message: String)] = []
  private var warnedDepth = false
  /// The content size labels and marked fixed sizes scale to; nil at `L`, where nothing scales.
  let scaledSize: ContentSizeCategory?
  /// The screen scale a scaled fixed size is rounded up to (0: not rounded), so that it stays on the pixel grid.
  let pixelScale: Double
  /// Right-to-left: the passes lay out leading to trailing as in left-to-right, with absolute margins
  /// swapped (their left is the trailing edge), and the frames are mirrored at the end.
  let swapsAbsoluteMargins: Bool

  /// Largest length accepted, in points; larger values are clamped so that sums stay finite.
  static let maxLength = 1_000_000.0

  /// Flattens `root` for `traits` on a screen of `scale`.
  init(_ root: LayoutNode, maxDepth: Int, traits: Traits, scale: Double) {
    self.init(root: [root], maxDepth: maxDepth, traits: traits, scale: scale)
  }

  /// Flattens `root[0]` for `traits` on a screen of `scale`, read in place (a caller that keeps the array saves copying the root).
  init(root: [LayoutNode], maxDepth: Int, traits: Traits, scale: Double) {
    scaledSize = traits.contentSize == .large ? nil : traits.contentSize
    pixelScale = scale.isFinite && scale > 0 ? scale : 0
    swapsAbsoluteMargins = traits.direction == .rightToLeft
    add(root, 0, parent: -1, depth: 0, collapsed: false, maxDepth: maxDepth)
  }

  /// Replaces the tree with `roots[index]`, keeping the tables' capacity.
  mutating func reload(_ roots: [LayoutNode], _ index: Int, maxDepth: Int) {
    items.pop(to: 0)
    texts.removeAll(keepingCapacity: true)
    issues.removeAll()
    warnedDepth = false
    add(roots, index, parent: -1, depth: 0, collapsed: false, maxDepth: maxDepth)
  }

  /// Adds `nodes[position]` and its subtree. The node is only ever read in place (see `appendItem`).
  private mutating func add(
    _ nodes: [LayoutNode], _ position: Int, parent: Int, depth: Int, collapsed: Bool, maxDepth: Int
  ) {
    let index = items.count
    appendItem(nodes, position, parent: parent, collapsed: collapsed)
    guard items[index].kind != .leaf, !nodes[position].children.isEmpty else { return }
    if depth >= maxDepth {
      if !collapsed && !warnedDepth {
        warnedDepth = true
        issues.append((index, "nesting deeper than \(maxDepth) levels: deeper nodes are not laid out"))
      }
      items[index].kind = .leaf
      addCollapsed(nodes[position].children, parent: index)
      return
    }
    let childrenCollapsed = collapsed || items[index].isHidden
    // One retain of the children for the loop (passing `nodes[position].children` to each call retained it per child).
    let children = nodes[position].children
    for child in children.indices {
      add(children, child, parent: index, depth: depth + 1, collapsed: childrenCollapsed, maxDepth: maxDepth)
    }
    items[index].end = items.count
  }

  /// Adds the subtrees below the depth limit, collapsed, without recursing (they can be any depth).
  private mutating func addCollapsed(_ children: [LayoutNode], parent: Int) {
    var levels: [(children: [LayoutNode], next: Int, parent: Int)] = [(children, 0, parent)]
    while let top = levels.last {
      guard top.next < top.children.count else {
        items[top.parent].end = items.count
        levels.removeLast()
        continue
      }
      levels[levels.count - 1].next += 1
      let index = items.count
      appendItem(top.children, top.next, parent: top.parent, collapsed: true)
      let children = top.children[top.next].children
      if items[index].kind != .leaf, !children.isEmpty {
        items[index].kind = .leaf
        levels.append((children, 0, index))
      }
    }
  }
}
