extension LayoutResult {
  /// Checks that this result is the mirror of `other` (the same tree laid out in the other direction) and
  /// describes each node where it is not (empty when it is): every frame is `x′ = W − x − w` of the other's
  /// (W its parent's width), with the same y, width and height, compared exactly. A symmetric tree's
  /// right-to-left result is the mirror of its left-to-right one (docs/LAYOUT.md, "Traits").
  public func mirrorViolations(of other: LayoutResult) -> [String] {
    guard frames.count == other.frames.count else {
      return ["\(frames.count) frames against \(other.frames.count)"]
    }
    var parents: [Int] = []
    parents.reserveCapacity(frames.count)
    other.forEachNode { _, parent, _ in parents.append(parent) }
    var violations: [String] = []
    for (index, frame) in other.frames.enumerated() {
      let parentWidth = parents[index] >= 0 ? other.frames[parents[index]].width : frame.width
      let mirrored = Rect(x: parentWidth - frame.x - frame.width, y: frame.y, width: frame.width, height: frame.height)
      if frames[index] != mirrored {
        violations.append("node \(index): \(frames[index]), the mirror is \(mirrored)")
      }
    }
    return violations
  }
}
