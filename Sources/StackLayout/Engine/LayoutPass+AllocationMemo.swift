extension LayoutPass {
  /// Remembers an HStack's allocation at `width` (sizes and offsets on its visible children's memo).
  mutating func remember(_ span: Span, of node: Int, width: Double) {
    var child = node + 1
    var position = 0
    while child < tree.items[node].end {
      if isVisible(child) {
        memo[child].allocatedSize = size(span, position)
        memo[child].allocatedOffset = offset(span, position)
        position += 1
      }
      child = tree.items[child].end
    }
    memo[node].allocationWidth = width
    // Conflicts are rare: the dictionary is only touched when there is one to remember or forget.
    if let lastConflict {
      allocationConflicts[node] = lastConflict
    } else if !allocationConflicts.isEmpty {
      allocationConflicts[node] = nil
    }
  }

  /// Makes sure an HStack's allocation at `width` is remembered on its children's memos (rule 7
  /// runs only if measuring did not already run it at this width); with `report`, its conflict is reported.
  mutating func rememberAllocation(_ node: Int, width: Double, report: Bool) {
    if memo[node].allocationWidth != width {
      let span = computeHStackAllocation(node, width: width, report: report)
      remember(span, of: node, width: width)
      numbers.pop(to: span.base)
    } else if report, !allocationConflicts.isEmpty, let conflict = allocationConflicts[node] {
      if conflict.overflows { overflow(node, conflict.message) } else { warn(node, conflict.message) }
    }
  }

  /// Pushes the remembered allocation on `numbers` as `allocate` would, reporting its conflict again.
  mutating func recallAllocation(_ node: Int, report: Bool) -> Span {
    let base = numbers.count
    let end = tree.items[node].end
    var child = node + 1
    while child < end {
      if isVisible(child) { numbers.append(memo[child].allocatedSize) }
      child = tree.items[child].end
    }
    let count = numbers.count - base
    child = node + 1
    while child < end {
      if isVisible(child) { numbers.append(memo[child].allocatedOffset) }
      child = tree.items[child].end
    }
    if report, let conflict = allocationConflicts[node] {
      if conflict.overflows { overflow(node, conflict.message) } else { warn(node, conflict.message) }
    }
    return Span(base: base, count: count)
  }
}
