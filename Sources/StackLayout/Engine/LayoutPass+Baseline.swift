extension LayoutPass {
  /// Rule 5e: the first (or last) baseline of a node laid out at a size, from its top edge.
  ///
  /// A label's baseline comes from its measurement (UILabel centres its text vertically when
  /// stretched); a horizontal stack uses its tallest child's; a vertical stack its first (or last)
  /// child's; any other view — ZStack, image, box, spacer, sized label — its bottom edge [I].
  mutating func baseline(_ node: Int, width: Double, height: Double, first: Bool) -> Double {
    let item = tree.items[node]
    switch item.kind {
    case .leaf:
      guard item.text >= 0, item.intrinsicHeight == nil else { return height }
      let measurement = text(Int(item.text), width: width)
      let offset = max(0, (height - ceilPixel(measurement.height)) / 2)
      return offset + (first ? measurement.firstBaseline : measurement.lastBaseline)
    case .zstack:
      return height - item.margin.bottom
    case .vstack, .hstack:
      place(node, width: width, height: height)
      var chosen = -1
      var child = node + 1
      while child < item.end {
        if isVisible(child) {
          if item.kind == .vstack {
            if chosen < 0 || !first { chosen = child }
          } else if chosen < 0 || frames[child].height > frames[chosen].height {
            chosen = child
          }
        }
        child = tree.items[child].end
      }
      guard chosen >= 0 else { return height }
      let frame = frames[chosen]
      return frame.y + baseline(chosen, width: frame.width, height: frame.height, first: first)
    }
  }
}
