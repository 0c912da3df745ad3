extension LayoutResult {
  /// Checks the result's invariants and describes each violation (empty when sound):
  /// one frame and one text slot per node, finite frames, non-negative sizes, and every child
  /// inside its parent (within `tolerance`, one pixel at @3x by default) unless the parent is in
  /// `overflowing` (a documented, warned overflow).
  public func invariantViolations(tolerance: Double = 1.0 / 3 + 1e-6) -> [String] {
    var violations: [String] = []
    var count = 0
    var parents: [Int] = []
    forEachNode { _, parent, _ in
      parents.append(parent)
      count += 1
    }
    guard frames.count == count, texts.count == count else {
      return ["\(frames.count) frames and \(texts.count) text slots for \(count) nodes"]
    }
    for (index, frame) in frames.enumerated() {
      let values = [frame.x, frame.y, frame.width, frame.height]
      if values.contains(where: { !$0.isFinite }) {
        violations.append("node \(index): non-finite frame \(frame)")
        continue
      }
      if frame.width < 0 || frame.height < 0 {
        violations.append("node \(index): negative size \(frame)")
      }
      let parent = parents[index]
      guard parent >= 0, !overflowing.contains(parent) else { continue }
      let bounds = frames[parent]
      if frame.x < -tolerance || frame.y < -tolerance || frame.maxX > bounds.width + tolerance
        || frame.maxY > bounds.height + tolerance
      {
        violations.append("node \(index): \(frame) outside its parent's bounds \(bounds.size)")
      }
    }
    return violations
  }
}
