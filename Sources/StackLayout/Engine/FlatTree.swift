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
/// Built iteratively over the children arrays (no node is copied, any depth is safe); nodes deeper
/// than `maxDepth` are collapsed (frame zero) with a warning.
struct FlatTree {
  var items: [FlatItem] = []
  var texts: [FlatText] = []
  var issues: [(node: Int, message: String)] = []

  /// Largest length accepted, in points; larger values are clamped so that sums stay finite.
  static let maxLength = 1_000_000.0

  struct Level {
    var children: [LayoutNode]
    var next: Int
    var parent: Int
    var depth: Int
    var collapsed: Bool
  }

  /// Flattens `root`, reusing the workspace's buffers (its levels are handed back at the end;
  /// `items` and `texts` go back with the pass).
  init(_ root: LayoutNode, maxDepth: Int, workspace: inout Workspace) {
    items = Workspace.take(&workspace.items)
    texts = Workspace.take(&workspace.texts)
    var levels = Workspace.take(&workspace.levels)
    defer { workspace.levels = levels }
    add(root, parent: -1, childIndex: 0, depth: 0, collapsed: false, maxDepth: maxDepth, levels: &levels)
    while !levels.isEmpty {
      let top = levels.count - 1
      let next = levels[top].next
      guard next < levels[top].children.count else {
        items[levels[top].parent].end = items.count
        levels.removeLast()
        continue
      }
      levels[top].next = next + 1
      let level = levels[top]
      level.children.withUnsafeBufferPointer { children in
        add(
          children[next], parent: level.parent, childIndex: next, depth: level.depth,
          collapsed: level.collapsed, maxDepth: maxDepth, levels: &levels)
      }
    }
  }

  private mutating func add(
    _ node: borrowing LayoutNode, parent: Int, childIndex: Int, depth: Int, collapsed: Bool, maxDepth: Int,
    levels: inout [Level]
  ) {
    let index = items.count
    var item = makeItem(node, index: index, parent: parent, childIndex: childIndex)
    item.isCollapsed = collapsed
    guard node.isStack, !node.children.isEmpty else {
      items.append(item)
      return
    }
    var collapseChildren = collapsed || item.isHidden
    if depth >= maxDepth {
      if !collapsed && !issues.contains(where: { $0.message.hasPrefix("nesting deeper") }) {
        issues.append((index, "nesting deeper than \(maxDepth) levels: deeper nodes are not laid out"))
      }
      item.kind = .leaf
      collapseChildren = true
    }
    items.append(item)
    levels.append(
      Level(children: node.children, next: 0, parent: index, depth: depth + 1, collapsed: collapseChildren))
  }
}
