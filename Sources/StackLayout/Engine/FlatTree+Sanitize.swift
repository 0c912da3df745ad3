extension FlatTree {
  /// Appends the values of `nodes[position]` to `items` as a `FlatItem`, replacing invalid numbers by their
  /// documented fallback. Every field is read in place (`nodes[position].field`): passing the node
  /// itself to a function would copy the whole `LayoutNode` first; the item is built where it is stored.
  mutating func appendItem(_ nodes: [LayoutNode], _ position: Int, parent: Int, collapsed: Bool) {
    let index = items.count
    let kind: FlatItem.Kind
    var label: FlatText?
    let sizing = nodes[position].sizing
    // A label given both (valid) intrinsic sizes is never measured: its text is not kept (nor its string retained).
    let keepsText =
      !(sizing.inputs.contains(.intrinsicWidth) && !sizing.intrinsicWidth.isNaN
      && sizing.inputs.contains(.intrinsicHeight) && !sizing.intrinsicHeight.isNaN)
    switch nodes[position].kind {
    case .vstack: kind = .vstack
    case .hstack: kind = .hstack
    case .zstack: kind = .zstack
    case .text(let content):
      kind = .leaf
      var lines = content.lines
      if let scaledSize, scaledSize.isAccessibilityCategory, let limit = content.accessibilityLines { lines = limit }
      if lines < 0 {
        issues.append((index, "lines \(lines) is negative: using 0 (unlimited)"))
        lines = 0
      }
      var font = content.font
      if !font.size.isFinite || font.size < 0 {
        issues.append((index, "font size \(font.size) is invalid: using 0"))
        font.size = 0
      }
      if let scaledSize {
        font.size = min(content.textStyle.scaledValue(font.size, for: scaledSize), FlatTree.maxLength)
      }
      if keepsText { label = FlatText(string: content.string, font: font, lines: lines) }
    case .spacer, .image, .box: kind = .leaf
    }
    var width = sizing.inputs.contains(.width) ? length(sizing.width, "width", index) : nil
    var height = sizing.inputs.contains(.height) ? length(sizing.height, "height", index) : nil
    if let scaledSize, width != nil || height != nil, let style = nodes[position].scalesWith {
      width = width.map { scaledLength($0, style, scaledSize) }
      height = height.map { scaledLength($0, style, scaledSize) }
    }
    var ratio = sizing.inputs.contains(.aspectRatio) ? sizing.ratio : nil
    if let value = ratio, !(value.isFinite && value > 0) {
      issues.append((index, "aspect ratio \(value) is not positive and finite: ignored"))
      ratio = nil
    }
    if let value = ratio { ratio = min(max(value, 1e-6), 1e6) }
    let spacing = length(nodes[position].spacing, "spacing", index) ?? 0
    var margin = EdgeInsets(
      top: length(nodes[position].margin.top, "margin top", index) ?? 0,
      left: length(nodes[position].margin.left, "margin left", index) ?? 0,
      bottom: length(nodes[position].margin.bottom, "margin bottom", index) ?? 0,
      right: length(nodes[position].margin.right, "margin right", index) ?? 0)
    if swapsAbsoluteMargins && !nodes[position].hasDirectionalMargin {
      swap(&margin.left, &margin.right)
    }
    let intrinsicWidth =
      sizing.inputs.contains(.intrinsicWidth) ? length(sizing.intrinsicWidth, "intrinsic width", index) : nil
    let intrinsicHeight =
      sizing.inputs.contains(.intrinsicHeight) ? length(sizing.intrinsicHeight, "intrinsic height", index) : nil
    var text = -1
    if let label {
      text = texts.count
      texts.append(label)
    }
    items.append(
      FlatItem(
        end: index + 1, parent: Int32(truncatingIfNeeded: parent), childIndex: Int32(truncatingIfNeeded: position),
        text: Int32(truncatingIfNeeded: text), kind: kind, isHidden: nodes[position].isHidden, isCollapsed: collapsed,
        alignment: nodes[position].alignment, distribution: nodes[position].distribution,
        // An absent constraint's priority is stored as required (1000), the engine's default.
        widthPriority: sizing.widthPriority.value, heightPriority: sizing.heightPriority.value,
        ratioPriority: sizing.ratioPriority.value, spacing: spacing, margin: margin,
        rawFixedWidth: width ?? .nan, rawFixedHeight: height ?? .nan, rawRatio: ratio ?? .nan,
        rawIntrinsicWidth: intrinsicWidth ?? .nan, rawIntrinsicHeight: intrinsicHeight ?? .nan))
  }

  /// A marked fixed length at the content size: scaled along `style`, rounded up to the pixel grid (a view of
  /// scaled size lands on whole pixels, as the root's fitted height does), at most `maxLength`.
  private func scaledLength(_ value: Double, _ style: TextStyle, _ category: ContentSizeCategory) -> Double {
    let scaled = style.scaledValue(value, for: category)
    let snapped = pixelScale > 0 ? (scaled * pixelScale - 1e-7).rounded(.up) / pixelScale : scaled
    return min(snapped, FlatTree.maxLength)
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
