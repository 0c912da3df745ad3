/// StackKit's `Spacer`: a plain view that absorbs slack unless given a fixed size.
///
/// ```swift
/// Spacer()          // flexible
/// Spacer(h: 6)      // required height 6
/// ```
public struct Spacer: LayoutElement {
  /// The spacer's node.
  public var node: LayoutNode

  /// A flexible spacer: no intrinsic size, absorbs slack first.
  public init() { node = LayoutNode(kind: .spacer) }

  /// A spacer with a required width.
  public init(w: Double) { self = Spacer().width(w) }

  /// A spacer with a required height.
  public init(h: Double) { self = Spacer().height(h) }

  /// A spacer with a required width and height.
  public init(square: Double) { self = Spacer().square(square) }

  /// A spacer with a required width from a token.
  public init(w token: Spacing) { self.init(w: token.points) }

  /// A spacer with a required height from a token.
  public init(h token: Spacing) { self.init(h: token.points) }

  /// `Spacer.auto()`: in UIKit identical to `Spacer()` (its 50 priorities act on no intrinsic size).
  public static func auto() -> Spacer { Spacer() }
}

/// A label (UILabel): string, system font, line limit, alignment and colour.
///
/// ```swift
/// Text("THE FUTURE IS FUNCTIONAL", font: FontStyle(size: 18, weight: .heavy), lines: 2, color: .white)
/// ```
public struct Text: LayoutElement {
  /// The label's node.
  public var node: LayoutNode

  /// Creates a label; defaults follow UILabel (17 pt regular, 1 line, natural alignment, black, body style).
  public init(
    _ string: String, font: FontStyle = FontStyle(size: 17), lines: Int = 1, alignment: TextAlignment = .natural,
    color: Color = .black, textStyle: TextStyle = .body
  ) {
    node = LayoutNode(
      kind: .text(
        TextContent(string, font: font, lines: lines, alignment: alignment, color: color, textStyle: textStyle)))
  }

  /// The label's content.
  public var content: TextContent {
    get {
      if case .text(let content) = node.kind { return content }
      return TextContent("")
    }
    set { node.kind = .text(newValue) }
  }

  /// Sets the font.
  public func font(_ font: FontStyle) -> Text { changing { $0.font = font } }
  /// Sets the line limit (0 = unlimited).
  public func lines(_ lines: Int) -> Text { changing { $0.lines = lines } }
  /// Sets the alignment of the lines.
  public func textAlignment(_ alignment: TextAlignment) -> Text { changing { $0.alignment = alignment } }
  /// Sets the text colour.
  public func color(_ color: Color) -> Text { changing { $0.color = color } }
  /// Sets the line limit at the accessibility content sizes AX1…AX5 (0 = unlimited); `lines` holds elsewhere.
  public func accessibilityLines(_ lines: Int?) -> Text { changing { $0.accessibilityLines = lines } }
  /// Sets the Dynamic Type text style the font scales along (its size stays the size at `L`).
  public func textStyle(_ style: TextStyle) -> Text { changing { $0.textStyle = style } }

  private func changing(_ change: (inout TextContent) -> Void) -> Text {
    var copy = self
    change(&copy.content)
    return copy
  }
}

/// An image view: asset name, content mode, corner radius. No intrinsic size unless given one.
///
/// ```swift
/// Image("button-icon").square(50)
/// ```
public struct Image: LayoutElement {
  /// The image view's node.
  public var node: LayoutNode

  /// Creates an image view.
  public init(_ name: String?, contentMode: ContentMode = .scaleToFill, cornerRadius: Double = 0) {
    node = LayoutNode(kind: .image(ImageContent(name: name, contentMode: contentMode)))
    node.cornerRadius = cornerRadius
  }

  /// Sets the content mode.
  public func contentMode(_ mode: ContentMode) -> Image {
    changing { $0.contentMode = mode }
  }

  /// Draws the image as a template in `color` (an icon: its shape painted in the colour, e.g. a light/dark pair).
  public func tint(_ color: Color?) -> Image {
    changing { $0.tint = color }
  }

  private func changing(_ change: (inout ImageContent) -> Void) -> Image {
    var copy = self
    if case .image(var content) = node.kind {
      change(&content)
      copy.node.kind = .image(content)
    }
    return copy
  }
}

/// A plain view that draws a background (UIView): no intrinsic size, free unless sized.
///
/// ```swift
/// Box(background: .white, cornerRadius: 12).id("card")
/// ```
public struct Box: LayoutElement {
  /// The view's node.
  public var node: LayoutNode

  /// Creates a plain view.
  public init(background: Color? = nil, cornerRadius: Double = 0, alpha: Double = 1) {
    node = LayoutNode(kind: .box)
    node.background = background
    node.cornerRadius = cornerRadius
    node.alpha = alpha
  }
}
