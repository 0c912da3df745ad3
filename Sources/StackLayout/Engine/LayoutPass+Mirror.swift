extension LayoutPass {
  /// Right-to-left: every frame becomes its mirror in its parent, `x′ = W − x − w` (W the parent's width).
  /// The passes laid the tree out leading to trailing as in left-to-right (absolute margins swapped by
  /// `FlatTree`); mirroring the snapped frames keeps them on the pixel grid and makes a symmetric tree's
  /// right-to-left frames the exact mirror of its left-to-right ones. Parents' widths do not change, so
  /// the order does not matter.
  mutating func mirrorFrames() {
    for node in 1..<max(frames.count, 1) {
      let parentWidth = frames[Int(tree.items[node].parent)].width
      frames[node].x = parentWidth - frames[node].x - frames[node].width
    }
  }
}
