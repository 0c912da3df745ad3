/// One node of a layout tree, type-erased: what the engine, the JSON codec and renderers consume.
///
/// The typed builders (`VStack`, `Text`, …) each wrap one `LayoutNode`; modifiers only set its
/// fields, so a tree is plain data: `Sendable`, `Hashable`, cheap to copy (children share storage).
///
/// ```swift
/// let node = VStack(spacing: 5) { Text("Hi", font: FontStyle(size: 17)) }.margin(.all(20)).node
/// ```
public struct LayoutNode: Sendable, Hashable {
  /// What the node is; leaves carry their content.
  public enum Kind: Sendable, Hashable {
    /// A vertical `UIStackView`.
    case vstack
    /// A horizontal `UIStackView`.
    case hstack
    /// StackKit's ZStack: every child fills the content rect.
    case zstack
    /// A plain view with no intrinsic size unless sized (`Spacer()`, `Spacer(w:)`, …).
    case spacer
    /// A label. (`indirect`: the content lives in a box, so that every node of a tree is not as large as a
    /// label's content: a smaller node is a smaller tree to read while laying out.)
    indirect case text(TextContent)
    /// An image view (boxed, like a label's content).
    indirect case image(ImageContent)
    /// A plain view that only draws (background, corner radius, alpha).
    case box
  }

  /// What the node is.
  public var kind: Kind
  /// Arranged children (stacks only; ignored on leaves).
  public var children: [LayoutNode]
  /// Space between visible neighbours (stacks).
  public var spacing: Double = 0
  /// The layout margins as stored: absolute, or directional with `left` leading and `right` trailing.
  private var insets: EdgeInsets = .zero
  /// The fixed sizes, aspect ratio and intrinsic size, packed (see `NodeSizing`; the engine reads it directly).
  var sizing = NodeSizing()
  /// Cross-axis alignment (stacks).
  public var alignment: StackAlignment = .fill
  /// Main-axis distribution (stacks).
  public var distribution: StackDistribution = .fill
  /// Collapsed like a hidden arranged subview.
  public var isHidden = false
  /// The properties layout never reads, out of line (nil while all are at their defaults): see `NodeDetails`.
  private var details: NodeDetails.Box?

  /// Layout margins (stacks; `isLayoutMarginsRelativeArrangement` is on), absolute: `left` and `right` stay
  /// in right-to-left (UIKit's `layoutMargins`). Setting them makes the margins absolute; directional margins
  /// read here as they resolve left to right.
  public var margin: EdgeInsets {
    get { insets }
    set {
      insets = newValue
      if hasDirectionalMargin { NodeDetails.update(&details) { $0.hasDirectionalMargin = false } }
    }
  }
  /// Whether the margins are directional (`directionalMargin`), flipping in right-to-left.
  public var hasDirectionalMargin: Bool { details?.value.hasDirectionalMargin ?? false }
  /// Directional layout margins (UIKit's `directionalLayoutMargins`): `leading` is the left inset in
  /// left-to-right and the right one in right-to-left; nil when the margins are absolute (`margin`).
  public var directionalMargin: DirectionalEdgeInsets? {
    get {
      hasDirectionalMargin
        ? DirectionalEdgeInsets(top: insets.top, leading: insets.left, bottom: insets.bottom, trailing: insets.right)
        : nil
    }
    set {
      guard let newValue else {
        if hasDirectionalMargin { NodeDetails.update(&details) { $0.hasDirectionalMargin = false } }
        return
      }
      insets = EdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
      NodeDetails.update(&details) { $0.hasDirectionalMargin = true }
    }
  }
  /// The text style along which the fixed `width` and `height` scale with the content size (as
  /// `UIFontMetrics(forTextStyle:).scaledValue(for:)` scales a constant); nil (the default): they stay.
  public var scalesWith: TextStyle? {
    get { details?.value.scalesWith }
    set { NodeDetails.update(&details) { $0.scalesWith = newValue } }
  }
  /// Fixed width, required or at a priority.
  public var width: SizeConstraint? {
    get { sizing.widthConstraint }
    set { sizing.widthConstraint = newValue }
  }
  /// Fixed height, required or at a priority.
  public var height: SizeConstraint? {
    get { sizing.heightConstraint }
    set { sizing.heightConstraint = newValue }
  }
  /// `width == ratio × height` at a priority.
  public var aspectRatio: AspectRatio? {
    get { sizing.aspectRatio }
    set { sizing.aspectRatio = newValue }
  }
  /// Intrinsic content width (hugging 250, compression resistance 750); replaces a leaf's measured width.
  public var intrinsicWidth: Double? {
    get { sizing.intrinsicWidthValue }
    set { sizing.intrinsicWidthValue = newValue }
  }
  /// Intrinsic content height (hugging 250, compression resistance 750); replaces a leaf's measured height.
  public var intrinsicHeight: Double? {
    get { sizing.intrinsicHeightValue }
    set { sizing.intrinsicHeightValue = newValue }
  }

  /// Semantic name kept in the output, e.g. `titleLabel`.
  public var id: String? {
    get { details?.value.id }
    set { NodeDetails.update(&details) { $0.id = newValue } }
  }
  /// Action identifier a renderer can wire to a tap.
  public var action: String? {
    get { details?.value.action }
    set { NodeDetails.update(&details) { $0.action = newValue } }
  }
  /// Background colour, or a light/dark pair (drawing only).
  public var background: Color? {
    get { details?.value.background }
    set { NodeDetails.update(&details) { $0.background = newValue } }
  }
  /// Corner radius of the background or image (drawing only).
  public var cornerRadius: Double {
    get { details?.value.cornerRadius ?? 0 }
    set { NodeDetails.update(&details) { $0.cornerRadius = newValue } }
  }
  /// The corner radius drawn at `category`: scaled along `scalesWith` like the fixed sizes (a circle stays a
  /// circle), else `cornerRadius`.
  public func cornerRadius(for category: ContentSizeCategory) -> Double {
    guard let style = scalesWith else { return cornerRadius }
    return style.scaledValue(cornerRadius, for: category)
  }
  /// Opacity (drawing only).
  public var alpha: Double {
    get { details?.value.alpha ?? 1 }
    set { NodeDetails.update(&details) { $0.alpha = newValue } }
  }
  /// What assistive technologies say about the node (label, hint, traits, hidden); nil for nothing.
  public var accessibility: Accessibility? {
    get { details?.value.accessibility }
    set { NodeDetails.update(&details) { $0.accessibility = newValue } }
  }

  /// Creates a node of a kind with children and default modifiers.
  public init(kind: Kind, children: [LayoutNode] = []) {
    self.kind = kind
    self.children = children
  }

  /// Whether the node arranges children (vstack, hstack, zstack).
  public var isStack: Bool {
    switch kind {
    case .vstack, .hstack, .zstack: true
    default: false
    }
  }

  /// The JSON `type` name of the node.
  public var typeName: String {
    switch kind {
    case .vstack: "vstack"
    case .hstack: "hstack"
    case .zstack: "zstack"
    case .spacer: "spacer"
    case .text: "text"
    case .image: "image"
    case .box: "box"
    }
  }
}

/// A label's content and style.
public struct TextContent: Sendable, Hashable {
  /// The string shown.
  public var string: String
  /// System font size and weight.
  public var font: FontStyle
  /// Maximum number of lines; 0 means unlimited (UILabel `numberOfLines`).
  public var lines: Int
  /// Alignment of the lines inside the frame.
  public var alignment: TextAlignment
  /// Text colour, or a light/dark pair.
  public var color: Color
  /// The Dynamic Type curve `font` scales along; `font.size` is the size at `L`.
  public var textStyle: TextStyle
  /// The line limit at the accessibility content sizes (AX1…AX5), replacing `lines` there (0 = unlimited),
  /// as a cell sets `numberOfLines` when `isAccessibilityCategory`; nil: `lines` at every size.
  public var accessibilityLines: Int?

  /// Creates text content; defaults follow UILabel (17 pt regular, 1 line, natural, black, body).
  public init(
    _ string: String, font: FontStyle = FontStyle(size: 17), lines: Int = 1, alignment: TextAlignment = .natural,
    color: Color = .black, textStyle: TextStyle = .body
  ) {
    self.string = string
    self.font = font
    self.lines = lines
    self.alignment = alignment
    self.color = color
    self.textStyle = textStyle
  }

  /// The font at `category`: `font` with its size scaled along `textStyle` (unchanged at `L`).
  public func font(for category: ContentSizeCategory) -> FontStyle {
    var scaled = font
    scaled.size = textStyle.scaledValue(font.size, for: category)
    return scaled
  }
}

/// An image view's content.
public struct ImageContent: Sendable, Hashable {
  /// Asset name; nil shows nothing (and has no intrinsic size).
  public var name: String?
  /// How the image fills the frame.
  public var contentMode: ContentMode
  /// A template image's colour (UIKit's `withRenderingMode(.alwaysTemplate)` and `tintColor`): the image's own
  /// colours are ignored but their alpha, which is painted in this colour (a light/dark pair follows the scheme,
  /// so a black icon is white in the dark); nil draws the image as it is.
  public var tint: Color?

  /// Creates image content.
  public init(name: String?, contentMode: ContentMode = .scaleToFill, tint: Color? = nil) {
    self.name = name
    self.contentMode = contentMode
    self.tint = tint
  }
}
