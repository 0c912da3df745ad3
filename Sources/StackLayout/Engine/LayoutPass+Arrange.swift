extension LayoutPass {
  /// Rule 5d/5e: a horizontal stack's height flex at `width`, baselines included.
  mutating func hstackHeight(_ node: Int, width: Double) -> Flex {
    let end = tree.items[node].end
    let alignment = tree.items[node].alignment
    let span = hstackAllocation(node, width: width, report: false)
    let baselineAligned = alignment == .firstBaseline || alignment == .lastBaseline
    let base = scratch.count  // the children's height flexes, kept only for baselines
    var fold = FlexFold()
    var child = node + 1
    var position = 0
    while child < end {
      if isVisible(child) {
        let height = flexHeight(child, width: size(span, position))
        fold.add(height)
        if baselineAligned { scratch.append(height) }
        position += 1
      }
      child = tree.items[child].end
    }
    var flex = fold.cross(fill: alignment == .fill)
    if baselineAligned {
      var ascent = 0.0
      var descent = 0.0
      child = node + 1
      position = 0
      while child < end {
        if isVisible(child) {
          let height = scratch[base + position].nat
          let line = baseline(child, width: size(span, position), height: height, first: alignment == .firstBaseline)
          ascent = max(ascent, line)
          descent = max(descent, height - line)
          position += 1
        }
        child = tree.items[child].end
      }
      flex.nat = ascent + descent
      flex.lo = max(flex.lo, 0)
    }
    scratch.pop(to: base)
    numbers.pop(to: span.base)
    return flex
  }

  /// Lays out a node at a size: places its children, then each child's subtree.
  mutating func arrange(_ node: Int, width: Double, height: Double) {
    if tree.items[node].kind == .leaf {
      let label = tree.items[node].text
      if label >= 0, tree.items[node].rawIntrinsicWidth.isNaN || tree.items[node].rawIntrinsicHeight.isNaN {
        let measurement = text(Int(label), width: width)
        if textsOut.isEmpty { textsOut = Array(repeating: nil, count: frames.count) }
        textsOut[node] = measurement
      }
      return
    }
    place(node, width: width, height: height)
    let end = tree.items[node].end
    var child = node + 1
    while child < end {
      // A leaf without a label has nothing to arrange: no call for it.
      if isVisible(child), tree.items[child].kind != .leaf || tree.items[child].text >= 0 {
        arrange(child, width: frames[child].width, height: frames[child].height)
      }
      child = tree.items[child].end
    }
  }

  /// Sets the frames of a stack's children (not deeper) for the stack laid out at a size.
  mutating func place(_ node: Int, width: Double, height: Double) {
    let margin = tree.items[node].margin
    let innerWidth = width - margin.left - margin.right
    let innerHeight = height - margin.top - margin.bottom
    if innerWidth < -1e-9 || innerHeight < -1e-9 {
      overflow(node, "layout margins are larger than the stack")
    }
    let inner = Rect(x: margin.left, y: margin.top, width: max(0, innerWidth), height: max(0, innerHeight))
    switch tree.items[node].kind {
    case .zstack: placeZStack(node, inner: inner)
    case .vstack: placeVStack(node, inner: inner, height: height)
    case .hstack: placeHStack(node, inner: inner, width: width)
    case .leaf: break
    }
  }

  private mutating func placeZStack(_ node: Int, inner: Rect) {
    var child = node + 1
    while child < tree.items[node].end {
      if isVisible(child) {
        let width = fillLength(child, parent: node, inner: inner.width, flex: flexWidth(child))
        let height = fillLength(child, parent: node, inner: inner.height, flex: flexHeight(child, width: width))
        frames[child] = Rect(x: inner.x, y: inner.y, width: width, height: height)
      } else {
        frames[child] = Rect(x: inner.x, y: inner.y, width: inner.width, height: 0)
      }
      child = tree.items[child].end
    }
  }

  /// A child pinned to both edges of `inner` (fill alignment, ZStack): its required bounds win on conflict.
  private mutating func fillLength(_ child: Int, parent: Int, inner: Double, flex: Flex) -> Double {
    if flex.lo > inner + 1e-9 {
      overflow(parent, "a child's required size \(LayoutJSON.number(flex.lo)) exceeds the space it must fill")
      return flex.lo
    }
    if flex.hi < inner - 1e-9 {
      warn(parent, "a child's required size \(LayoutJSON.number(flex.hi)) is smaller than the space it must fill")
      return flex.hi
    }
    return inner
  }

  private mutating func placeVStack(_ node: Int, inner: Rect, height: Double) {
    let end = tree.items[node].end
    let alignment = tree.items[node].alignment
    let flexBase = scratch.count
    let widths = numbers.count
    var child = node + 1
    while child < end {
      if isVisible(child) {
        let width = vstackChildWidth(child, parent: node, inner: inner.width)
        let flex = flexHeight(child, width: width)
        numbers.append(width)
        scratch.append(flex)
      }
      child = tree.items[child].end
    }
    let span = allocate(node, flexesFrom: flexBase, inner: inner.height, canvas: height, report: true)
    child = node + 1
    var position = 0
    while child < end {
      if isVisible(child) {
        let width = numbers[widths + position]
        let x = crossOffset(alignment, inner: inner.width, size: width, vertical: true)
        frames[child] = Rect(
          x: inner.x + x, y: inner.y + offset(span, position), width: width, height: size(span, position))
        position += 1
      } else {
        let width = alignment == .fill ? inner.width : 0
        let x = crossOffset(alignment, inner: inner.width, size: width, vertical: true)
        frames[child] = Rect(
          x: inner.x + x, y: inner.y + hiddenPosition(position, span, inner: inner.height), width: width,
          height: 0)
      }
      child = tree.items[child].end
    }
    numbers.pop(to: widths)
  }

  private mutating func placeHStack(_ node: Int, inner: Rect, width: Double) {
    let end = tree.items[node].end
    let alignment = tree.items[node].alignment
    rememberAllocation(node, width: width, report: true)  // read from the children's memos below
    let baselineAligned = alignment == .firstBaseline || alignment == .lastBaseline
    let heights = numbers.count  // per visible child: height, then baseline
    var ascent = 0.0
    var child = node + 1
    var position = 0
    while child < end {
      if isVisible(child) {
        let childWidth = memo[child].allocatedSize
        let flex = flexHeight(child, width: childWidth)
        var height: Double
        var line = 0.0
        if alignment == .fill {
          height = fillLength(child, parent: node, inner: inner.height, flex: flex)
        } else if baselineAligned {
          height = flex.nat
          line = baseline(child, width: childWidth, height: height, first: alignment == .firstBaseline)
          ascent = max(ascent, line)
        } else {
          height = min(flex.nat, inner.height)
          if flex.lo > inner.height + 1e-9 {
            overflow(node, "a child's required height \(LayoutJSON.number(flex.lo)) exceeds the stack's inner height")
            height = flex.lo
          }
        }
        numbers.append(height)
        numbers.append(line)
        position += 1
      }
      child = tree.items[child].end
    }
    child = node + 1
    position = 0
    var previousEnd: Double?  // where the last visible child ends
    while child < end {
      if isVisible(child) {
        let height = numbers[heights + 2 * position]
        let y =
          baselineAligned
          ? ascent - numbers[heights + 2 * position + 1]
          : crossOffset(alignment, inner: inner.height, size: height, vertical: false)
        if baselineAligned && y + height > inner.height + 1e-9 {
          overflow(node, "baseline-aligned children are taller than the stack")
        }
        let x = memo[child].allocatedOffset
        let childWidth = memo[child].allocatedSize
        frames[child] = Rect(x: inner.x + x, y: inner.y + y, width: childWidth, height: height)
        previousEnd = x + childWidth
        position += 1
      } else {
        let height = alignment == .fill ? inner.height : 0
        let y = crossOffset(alignment, inner: inner.height, size: height, vertical: false)
        let next = nextVisible(after: child, before: end).map { memo[$0].allocatedOffset }
        frames[child] = Rect(
          x: inner.x + hiddenPosition(previousEnd, next, inner: inner.width), y: inner.y + y, width: 0,
          height: height)
      }
      child = tree.items[child].end
    }
    numbers.pop(to: heights)
  }

  /// The first visible sibling after `child` (siblings end at `end`), if any.
  private func nextVisible(after child: Int, before end: Int) -> Int? {
    var next = tree.items[child].end
    while next < end && !isVisible(next) { next = tree.items[next].end }
    return next < end ? next : nil
  }

  /// Main-axis position of a hidden child that comes before visible child `position`: the
  /// middle of the gap between its visible neighbours (UIKit gives each side half the spacing),
  /// or the edge of the only neighbour, or the start when there is none; kept inside the content.
  private func hiddenPosition(_ position: Int, _ span: Span, inner: Double) -> Double {
    let previousEnd = position > 0 ? offset(span, position - 1) + size(span, position - 1) : nil
    let next = position < span.count ? offset(span, position) : nil
    return hiddenPosition(previousEnd, next, inner: inner)
  }

  /// The same from where the previous visible child ends and where the next one starts.
  private func hiddenPosition(_ previousEnd: Double?, _ next: Double?, inner: Double) -> Double {
    min(max(hiddenOffset(previousEnd, next), 0), inner)
  }

  private func hiddenOffset(_ previousEnd: Double?, _ next: Double?) -> Double {
    switch (previousEnd, next) {
    case (let end?, let start?): return (end + start) / 2
    case (let end?, nil): return end
    case (nil, let start?): return start
    case (nil, nil): return 0
    }
  }

  /// Rule 8: offset across the axis inside the content rect.
  private func crossOffset(_ alignment: StackAlignment, inner: Double, size: Double, vertical: Bool) -> Double {
    switch alignment {
    case .fill, .leading, .top: 0
    case .center: (inner - size) / 2
    case .trailing, .bottom: inner - size
    case .firstBaseline: 0
    case .lastBaseline: vertical ? inner - size : 0
    }
  }
}
