extension LayoutResult {
  /// Calls `body` for every node in preorder with its index, parent index (-1 for the root) and node.
  ///
  /// Iterative, so any depth is safe.
  public func forEachNode(_ body: (_ index: Int, _ parent: Int, _ node: LayoutNode) -> Void) {
    var stack: [(node: LayoutNode, parent: Int)] = [(root, -1)]
    var index = 0
    while let (node, parent) = stack.popLast() {
      body(index, parent, node)
      for child in node.children.reversed() { stack.append((child, index)) }
      index += 1
    }
  }

  /// Preorder indices of the nodes whose `id` is `id`.
  public func indices(ofID id: String) -> [Int] {
    var found: [Int] = []
    forEachNode { index, _, node in if node.id == id { found.append(index) } }
    return found
  }

  /// The frame (relative to the parent) of the first node with this `id`.
  public func frame(id: String) -> Rect? {
    indices(ofID: id).first.map { frames[$0] }
  }

  /// The frame in root coordinates of the first node with this `id`.
  public func absoluteFrame(id: String) -> Rect? {
    guard let target = indices(ofID: id).first else { return nil }
    var parents = [Int](repeating: -1, count: frames.count)
    forEachNode { index, parent, _ in if index < parents.count { parents[index] = parent } }
    var frame = frames[target]
    var current = parents[target]
    while current >= 0 {
      frame.x += frames[current].x
      frame.y += frames[current].y
      current = parents[current]
    }
    return frame
  }
}
