import StackLayout

/// The mirror property of right-to-left layout: laid out right to left, a symmetric tree's every frame is
/// `x′ = W − x − w` of its left-to-right frame (W its parent's width), with the same y, width and height.
enum Mirror {
  /// Describes each node whose right-to-left frame is not the mirror of its left-to-right one.
  static func violations(
    _ tree: LayoutNode, width: Double, scale: Double, measurer: any TextMeasuring,
    contentSize: ContentSizeCategory = .large
  ) -> [String] {
    var engine = LayoutEngine(measurer: measurer, scale: scale)
    engine.traits.contentSize = contentSize
    let ltr = engine.layout(tree, width: width)
    engine.traits.direction = .rightToLeft
    let rtl = engine.layout(tree, width: width)
    return rtl.mirrorViolations(of: ltr)
  }

  /// `node` made symmetric: every stack's left and right margins equal (the left one), absolute or, with
  /// `directional`, as leading and trailing margins of any values.
  static func symmetric(_ node: LayoutNode, directional: Bool) -> LayoutNode {
    var copy = node
    let margin = node.margin
    if directional {
      copy.directionalMargin = DirectionalEdgeInsets(
        top: margin.top, leading: margin.left, bottom: margin.bottom, trailing: margin.right)
    } else {
      copy.margin = EdgeInsets(top: margin.top, left: margin.left, bottom: margin.bottom, right: margin.left)
    }
    copy.children = node.children.map { symmetric($0, directional: directional) }
    return copy
  }
}
