extension FlatTree {
  /// Copies a node's values into a `FlatItem`, replacing invalid numbers by their documented fallback.
  mutating func makeItem(_ node: borrowing LayoutNode, index: Int, parent: Int, childIndex: Int) -> FlatItem {
    let kind: FlatItem.Kind
    var label: FlatText?
    switch node.kind {
    case .vstack: kind = .vstack
    case .hstack: kind = .hstack
    case .zstack: kind = .zstack
    case .text(let content):
      kind = .leaf
      var lines = content.lines
      if lines < 0 {
        issues.append((index, "lines \(lines) is negative: using 0 (unlimited)"))
        lines = 0
      }
      var font = content.font
      if !font.size.isFinite || font.size < 0 {
        issues.append((index, "font size \(font.size) is invalid: using 0"))
        font.size = 0
      }
      label = FlatText(string: content.string, font: font, lines: lines)
    case .spacer, .image, .box: kind = .leaf
    }
    let width = node.width.flatMap { length($0.value, "width", index) }
    let height = node.height.flatMap { length($0.value, "height", index) }
    var ratio = node.aspectRatio?.ratio
    if let value = ratio, !(value.isFinite && value > 0) {
      issues.append((index, "aspect ratio \(value) is not positive and finite: ignored"))
      ratio = nil
    }
    if let value = ratio { ratio = min(max(value, 1e-6), 1e6) }
    let spacing = length(node.spacing, "spacing", index) ?? 0
    let margin = EdgeInsets(
      top: length(node.margin.top, "margin top", index) ?? 0,
      left: length(node.margin.left, "margin left", index) ?? 0,
      bottom: length(node.margin.bottom, "margin bottom", index) ?? 0,
      right: length(node.margin.right, "margin right", index) ?? 0)
    let intrinsicWidth = node.intrinsicWidth.flatMap { length($0, "intrinsic width", index) }
    let intrinsicHeight = node.intrinsicHeight.flatMap { length($0, "intrinsic height", index) }
    var text = -1
    // A label given both (valid) intrinsic sizes is never measured: its text is not kept.
    if let label, intrinsicWidth == nil || intrinsicHeight == nil {
      text = texts.count
      texts.append(label)
    }
    return FlatItem(
      end: index + 1, parent: Int32(truncatingIfNeeded: parent), childIndex: Int32(truncatingIfNeeded: childIndex),
      text: Int32(truncatingIfNeeded: text), kind: kind, isHidden: node.isHidden, isCollapsed: false,
      alignment: node.alignment, distribution: node.distribution,
      widthPriority: node.width?.priority.value ?? 1000, heightPriority: node.height?.priority.value ?? 1000,
      ratioPriority: node.aspectRatio?.priority.value ?? 1000, spacing: spacing, margin: margin,
      rawFixedWidth: width ?? .nan, rawFixedHeight: height ?? .nan, rawRatio: ratio ?? .nan,
      rawIntrinsicWidth: intrinsicWidth ?? .nan, rawIntrinsicHeight: intrinsicHeight ?? .nan)
  }

  /// A valid length: finite, ≥ 0, ≤ `maxLength`. Negative → 0, NaN → nil, too large → clamped; each with an issue.
  @inline(__always)
  private mutating func length(_ value: Double, _ name: StaticString, _ index: Int) -> Double? {
    if value >= 0 && value <= FlatTree.maxLength { return value }
    return invalidLength(value, name, index)
  }

  private mutating func invalidLength(_ value: Double, _ name: StaticString, _ index: Int) -> Double? {
    if value.isNaN {
      issues.append((index, "\(name) is NaN: ignored"))
      return nil
    }
    let clamped = value < 0 ? 0 : FlatTree.maxLength
    issues.append((index, "\(name) \(value) is out of range: using \(clamped)"))
    return clamped
  }
}
