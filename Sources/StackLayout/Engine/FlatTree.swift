/// The engine's view of one node: plain values only, so the passes run without ARC traffic.
struct FlatItem {
  enum Kind: UInt8 {
    case vstack, hstack, zstack, leaf
  }

  var kind: Kind
  /// Index just past this node's subtree (preorder), so children are `i + 1 ..< end`, hopping by `end`.
  var end: Int
  var parent: Int
  var childIndex: Int
  var isHidden: Bool
  /// Inside a hidden ancestor or below the depth limit: never laid out, frame zero.
  var isCollapsed: Bool
  var spacing: Double
  var margin: EdgeInsets
  var alignment: StackAlignment
  var distribution: StackDistribution
  var fixedWidth: Double?
  var widthPriority: Float
  var fixedHeight: Double?
  var heightPriority: Float
  var ratio: Double?
  var ratioPriority: Float
  var intrinsicWidth: Double?
  var intrinsicHeight: Double?
  /// Index into `FlatTree.texts`, or -1.
  var text: Int
}

/// A label's measuring inputs.
struct FlatText {
  var string: String
  var font: FontStyle
  var lines: Int
}

/// A layout tree flattened into preorder arrays, with every numeric input sanitized.
///
/// Built iteratively, so arbitrarily deep trees cannot overflow the stack here; nodes deeper than
/// `maxDepth` are collapsed (frame zero) with a warning.
struct FlatTree {
  var items: [FlatItem] = []
  var texts: [FlatText] = []
  var issues: [(node: Int, message: String)] = []

  /// Largest length accepted, in points; larger values are clamped so that sums stay finite.
  static let maxLength = 1_000_000.0

  init(_ root: LayoutNode, maxDepth: Int) {
    var stack: [(node: LayoutNode, parent: Int, childIndex: Int, depth: Int, collapsed: Bool)] = [
      (root, -1, 0, 0, false)
    ]
    var open: [Int] = []  // nodes whose `end` is not yet known, innermost last
    var depthReported = false
    while let entry = stack.popLast() {
      let index = items.count
      while let last = open.last, !isAncestor(last, of: entry.parent) {
        items[last].end = index
        open.removeLast()
      }
      var item = makeItem(entry.node, index: index, parent: entry.parent, childIndex: entry.childIndex)
      item.isCollapsed = entry.collapsed
      let children = entry.node.isStack ? entry.node.children : []
      var collapseChildren = entry.collapsed || item.isHidden
      if entry.depth >= maxDepth, !children.isEmpty {
        if !entry.collapsed && !depthReported {
          issues.append((index, "nesting deeper than \(maxDepth) levels: deeper nodes are not laid out"))
          depthReported = true
        }
        item.kind = .leaf
        collapseChildren = true
      }
      items.append(item)
      open.append(index)
      for (position, child) in children.enumerated().reversed() {
        stack.append((child, index, position, entry.depth + 1, collapseChildren))
      }
    }
    for node in open { items[node].end = items.count }
  }

  private func isAncestor(_ candidate: Int, of node: Int) -> Bool {
    var current = node
    while current > candidate { current = items[current].parent }
    return current == candidate
  }
}
