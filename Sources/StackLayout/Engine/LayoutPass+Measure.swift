extension LayoutPass {
  /// Whether a child takes part in its parent's layout.
  @inline(__always)
  func isVisible(_ node: Int) -> Bool {
    !tree.items[node].isHidden && !tree.items[node].isCollapsed
  }

  /// How many of a stack's children take part in its layout.
  func visibleChildren(_ node: Int) -> Int {
    var count = 0
    var child = node + 1
    while child < tree.items[node].end {
      if isVisible(child) { count += 1 }
      child = tree.items[child].end
    }
    return count
  }

  /// The node's width flex (rules 1, 2, 3, 6; R1–R5), independent of any proposal. The memo hit
  /// (most calls) is inlined into the caller; a miss measures.
  @inline(__always)
  mutating func flexWidth(_ node: Int) -> Flex {
    if memo[node].hasWidth { return memo[node].width }
    return measureWidth(node)
  }

  private mutating func measureWidth(_ node: Int) -> Flex {
    let kind = tree.items[node].kind
    var flex: Flex
    switch kind {
    case .leaf:
      let label = tree.items[node].text
      if let width = tree.items[node].intrinsicWidth {
        flex = .intrinsic(width)
      } else if label >= 0 {
        let natural = naturalText(Int(label)).width
        flex = .intrinsic(ceilPixel(natural))
      } else {
        flex = .free
      }
    case .vstack, .hstack, .zstack:
      let end = tree.items[node].end
      var fold =
        kind == .hstack ? FlexFold(children: visibleChildren(node), spacing: tree.items[node].spacing) : FlexFold()
      var child = node + 1
      while child < end {
        if isVisible(child) { fold.add(flexWidth(child)) }
        child = tree.items[child].end
      }
      switch kind {
      case .hstack: flex = fold.main(distribution: tree.items[node].distribution)
      case .vstack: flex = fold.cross(fill: tree.items[node].alignment == .fill)
      default: flex = fold.cross(fill: true)
      }
      flex = flex.adding(tree.items[node].margin.left + tree.items[node].margin.right)
    }
    if !tree.items[node].rawRatio.isNaN || !tree.items[node].rawFixedWidth.isNaN {
      flex = constrainWidth(node, tree.items[node], flex)
    }
    memo[node].width = flex
    memo[node].hasWidth = true
    return flex
  }

  /// Applies a fixed width and (rule 6) an aspect ratio whose height is fixed and required.
  private mutating func constrainWidth(_ node: Int, _ item: FlatItem, _ content: Flex) -> Flex {
    var flex = content
    if let ratio = item.ratio, let height = item.fixedHeight, item.heightPriority >= 1000 {
      let result = flex.constrained(to: ratio * height, priority: item.ratioPriority)
      flex = result.flex
      if result.conflict { warn(node, "aspect ratio conflicts with the content's required width: the ratio wins") }
    }
    if let width = item.fixedWidth {
      if item.widthPriority >= 1000, item.ratioPriority >= 1000, let ratio = item.ratio,
        let height = item.fixedHeight, item.heightPriority >= 1000, abs(ratio * height - width) > 1e-6
      {
        warn(node, "required width, height and aspect ratio conflict: the fixed width wins")
      }
      let result = flex.constrained(to: width, priority: item.widthPriority)
      flex = result.flex
      if result.conflict { warn(node, "fixed width \(width) conflicts with the content's required width: it wins") }
    }
    return flex
  }

  /// The node's height flex at `width` (height-for-width; rules 1–5, 12–14), memoised per width;
  /// the memo hit is inlined, as for `flexWidth`.
  @inline(__always)
  mutating func flexHeight(_ node: Int, width: Double) -> Flex {
    if memo[node].heightWidth == width { return memo[node].height }
    return measureHeight(node, width: width)
  }

  private mutating func measureHeight(_ node: Int, width: Double) -> Flex {
    let kind = tree.items[node].kind
    let end = tree.items[node].end
    var flex: Flex
    switch kind {
    case .leaf:
      let label = tree.items[node].text
      if let height = tree.items[node].intrinsicHeight {
        flex = .intrinsic(height)
      } else if label >= 0 {
        let measured = text(Int(label), width: width).height
        flex = .intrinsic(ceilPixel(measured))
      } else {
        flex = .free
      }
    case .vstack:
      let inner = max(0, width - tree.items[node].margin.left - tree.items[node].margin.right)
      var fold = FlexFold(children: visibleChildren(node), spacing: tree.items[node].spacing)
      var child = node + 1
      while child < end {
        if isVisible(child) {
          let childWidth = vstackChildWidth(child, parent: node, inner: inner)
          fold.add(flexHeight(child, width: childWidth))
        }
        child = tree.items[child].end
      }
      flex = fold.main(distribution: tree.items[node].distribution)
    case .hstack:
      flex = hstackHeight(node, width: width)
    case .zstack:
      let inner = max(0, width - tree.items[node].margin.left - tree.items[node].margin.right)
      var fold = FlexFold()
      var child = node + 1
      while child < end {
        if isVisible(child) { fold.add(flexHeight(child, width: inner)) }
        child = tree.items[child].end
      }
      flex = fold.cross(fill: true)
    }
    if kind != .leaf { flex = flex.adding(tree.items[node].margin.top + tree.items[node].margin.bottom) }
    if !tree.items[node].rawRatio.isNaN || !tree.items[node].rawFixedHeight.isNaN {
      flex = constrainHeight(node, tree.items[node], flex, width: width)
    }
    memo[node].heightWidth = width
    memo[node].height = flex
    return flex
  }

  /// Rule 12 (aspect ratio at a priority, height = width / ratio) then rules 3/13 (fixed height).
  private mutating func constrainHeight(_ node: Int, _ item: FlatItem, _ content: Flex, width: Double) -> Flex {
    var flex = content
    if let ratio = item.ratio, !(item.fixedHeight != nil && item.heightPriority >= 1000) {
      let result = flex.constrained(to: min(width / ratio, FlatTree.maxLength), priority: item.ratioPriority)
      flex = result.flex
      if result.conflict {
        warn(node, "aspect ratio conflicts with the content's required height: the ratio wins, content overflows")
      }
    }
    if let height = item.fixedHeight {
      let result = flex.constrained(to: height, priority: item.heightPriority)
      flex = result.flex
      if result.conflict {
        warn(node, "fixed height \(height) conflicts with the content's required height: it wins, content overflows")
      }
    }
    return flex
  }

  /// Rule 4b: a vertical stack child's width inside `inner`.
  @inline(__always)
  mutating func vstackChildWidth(_ child: Int, parent: Int, inner: Double) -> Double {
    let flex = flexWidth(child)
    if flex.lo > inner + 1e-9 {
      overflow(parent, "a child's required width \(LayoutJSON.number(flex.lo)) exceeds the stack's inner width")
      return flex.lo
    }
    switch tree.items[parent].alignment {
    case .fill:
      if flex.hi < inner - 1e-9 {
        warn(parent, "a child's required width \(LayoutJSON.number(flex.hi)) is narrower than the fill width")
        return flex.hi
      }
      return inner
    default:
      return min(flex.nat, inner)
    }
  }

  /// Rule 5: a horizontal stack's main-axis allocation at `width` (pushed on `numbers`; the
  /// caller pops it). Measuring and arranging ask for the same width: the second time it is recalled.
  mutating func hstackAllocation(_ node: Int, width: Double, report: Bool) -> Span {
    if memo[node].allocationWidth == width { return recallAllocation(node, report: report) }
    let span = computeHStackAllocation(node, width: width, report: report)
    remember(span, of: node, width: width)
    return span
  }

  mutating func computeHStackAllocation(_ node: Int, width: Double, report: Bool) -> Span {
    let end = tree.items[node].end
    let base = scratch.count
    var child = node + 1
    while child < end {
      if isVisible(child) { scratch.append(flexWidth(child)) }
      child = tree.items[child].end
    }
    let margin = tree.items[node].margin
    return allocate(
      node, flexesFrom: base, inner: max(0, width - margin.left - margin.right), canvas: width, report: report)
  }

  /// Rule 7 over the flexes pushed on `scratch` from `flexBase` (popped here): pushes the sizes,
  /// then the offsets, on `numbers`; with `report`, a conflict becomes a warning (or an overflow).
  mutating func allocate(_ node: Int, flexesFrom flexBase: Int, inner: Double, canvas: Double, report: Bool) -> Span {
    let count = scratch.count - flexBase
    let base = numbers.count
    for _ in 0..<(2 * count) { numbers.append(0) }
    let spacing = tree.items[node].spacing
    let distribution = tree.items[node].distribution
    var conflict: String?
    var overflows = false
    do {  // the allocation (holding `scratch`) ends here, so popping `scratch` below copies nothing
      let allocation = Allocation(
        scratch, from: flexBase, inner: inner, spacing: spacing, distribution: distribution, canvas: canvas,
        numbers: &numbers, sizes: base, offsets: base + count, order: &order)
      conflict = allocation.conflict
      overflows = allocation.overflows
    }
    scratch.pop(to: flexBase)
    lastConflict = conflict.map { (message: $0, overflows: overflows) }
    if report, let conflict {
      if overflows { overflow(node, conflict) } else { warn(node, conflict) }
    }
    return Span(base: base, count: count)
  }

  /// The main-axis size of visible child `position` of an allocation.
  @inline(__always)
  func size(_ span: Span, _ position: Int) -> Double { numbers[span.base + position] }

  /// The main-axis offset of visible child `position` of an allocation.
  @inline(__always)
  func offset(_ span: Span, _ position: Int) -> Double { numbers[span.base + span.count + position] }
}

/// Where an allocation's sizes (then offsets) sit on the pass's number stack.
struct Span {
  var base: Int
  var count: Int
}
