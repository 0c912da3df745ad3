/// Anything that wraps a `LayoutNode`: the typed builders and `LayoutNode` itself.
///
/// Modifiers are defined once here and return `Self`, so chains keep the type:
/// `Text("Hi").id("title").lines(2)` is still a `Text`.
public protocol LayoutElement: Sendable {
  /// The node this element describes.
  var node: LayoutNode { get set }
}

extension LayoutNode: LayoutElement {
  /// The node itself.
  public var node: LayoutNode {
    get { self }
    set { self = newValue }
  }
}

extension LayoutElement {
  /// Returns a copy with `change` applied to the node.
  @inlinable
  public func modified(_ change: (inout LayoutNode) -> Void) -> Self {
    var copy = self
    change(&copy.node)
    return copy
  }

  /// Space between visible neighbours, in points.
  public func spacing(_ points: Double) -> Self { modified { $0.spacing = points } }
  /// Space between visible neighbours, from a token.
  public func spacing(_ token: Spacing) -> Self { modified { $0.spacing = token.points } }
  /// Layout margins of a stack, absolute (left and right stay in right-to-left).
  public func margin(_ insets: EdgeInsets) -> Self { modified { $0.margin = insets } }
  /// Layout margins of a stack, directional (leading and trailing flip in right-to-left).
  public func directionalMargin(_ insets: DirectionalEdgeInsets) -> Self { modified { $0.directionalMargin = insets } }
  /// Cross-axis alignment of a stack.
  public func alignment(_ alignment: StackAlignment) -> Self { modified { $0.alignment = alignment } }
  /// Main-axis distribution of a stack.
  public func distribution(_ distribution: StackDistribution) -> Self {
    modified { $0.distribution = distribution }
  }

  /// Fixed width (`withWidth`), required unless a priority is given.
  public func width(_ points: Double, priority: LayoutPriority = .required) -> Self {
    modified { $0.width = SizeConstraint(points, priority: priority) }
  }
  /// Fixed height (`withHeight`), required unless a priority is given.
  public func height(_ points: Double, priority: LayoutPriority = .required) -> Self {
    modified { $0.height = SizeConstraint(points, priority: priority) }
  }
  /// Fixed width and height equal to `side` (`withSquare`).
  public func square(_ side: Double, priority: LayoutPriority = .required) -> Self {
    size(width: side, height: side, priority: priority)
  }
  /// Fixed width and height (`withSize`); both are explicit, so ConstraintKit's zero-default quirk cannot occur.
  public func size(width: Double, height: Double, priority: LayoutPriority = .required) -> Self {
    modified {
      $0.width = SizeConstraint(width, priority: priority)
      $0.height = SizeConstraint(height, priority: priority)
    }
  }
  /// Makes the fixed width and height scale with the content size along `style`'s curve (an icon beside
  /// text that should grow with it); without it they stay at every size.
  public func scalesWith(_ style: TextStyle = .body) -> Self { modified { $0.scalesWith = style } }
  /// `width == ratio × height` (`withAspectRatio`), required unless a priority is given.
  public func aspectRatio(_ ratio: Double, priority: LayoutPriority = .required) -> Self {
    modified { $0.aspectRatio = AspectRatio(ratio, priority: priority) }
  }
  /// Intrinsic content size of a leaf (hugging 250, compression resistance 750).
  public func intrinsicSize(width: Double? = nil, height: Double? = nil) -> Self {
    modified {
      $0.intrinsicWidth = width
      $0.intrinsicHeight = height
    }
  }
  /// Hides the node (collapsed like a hidden arranged subview).
  public func hidden(_ isHidden: Bool = true) -> Self { modified { $0.isHidden = isHidden } }
  /// Background colour and corner radius (StackKit `withBackground`); no layout effect.
  public func background(_ color: Color?, cornerRadius: Double = 0) -> Self {
    modified {
      $0.background = color
      $0.cornerRadius = cornerRadius
    }
  }
  /// Corner radius of the background or image; no layout effect.
  public func cornerRadius(_ radius: Double) -> Self { modified { $0.cornerRadius = radius } }
  /// Opacity; no layout effect.
  public func alpha(_ alpha: Double) -> Self { modified { $0.alpha = alpha } }
  /// Semantic name kept in the output.
  public func id(_ id: String?) -> Self { modified { $0.id = id } }
  /// Action identifier a renderer can wire to a tap.
  public func action(_ action: String?) -> Self { modified { $0.action = action } }
  /// What assistive technologies say about the node (UIKit's `accessibilityLabel`, `accessibilityHint`,
  /// `accessibilityTraits`, `accessibilityElementsHidden`); no layout effect.
  public func accessibility(
    label: String?, hint: String? = nil, traits: Set<AccessibilityTrait> = [], hidden: Bool = false
  ) -> Self {
    accessibility(Accessibility(label: label, hint: hint, traits: traits, isHidden: hidden))
  }
  /// Sets or (with nil) removes the node's accessibility information.
  public func accessibility(_ accessibility: Accessibility?) -> Self {
    modified { $0.accessibility = accessibility }
  }
}
