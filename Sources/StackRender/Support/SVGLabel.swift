import StackLayout

/// A label as an SVG `<text>` element in its frame's coordinates, shared by the SVG picture and the HTML page.
///
/// One `<tspan>` per measured line at its baseline, held to the line's measured width with `textLength` and
/// `lengthAdjust="spacingAndGlyphs"`: whatever font the viewer has (Inter, whose advances the measurer uses,
/// or a wider or narrower fallback), a renderer that honours `textLength` squeezes or stretches the line to
/// the width the layout gave it, so the line ends where the measurer said. Both ways, on purpose: SVG has no
/// shrink-only length, and a line drawn at its measured width keeps the picture's alignment exact. The caller
/// wraps the element in a viewport the size of the frame, which clips what a renderer that ignores
/// `textLength` (librsvg: `rsvg-convert`) would draw past the frame.
enum SVGLabel {
  /// Exact widths (no pixel rounding): the length each line is held to.
  private static let measurer = StandardTextMeasurer(scale: 0)

  /// The `<text>` element drawing `measurement`'s lines of `content` in a frame of `size`, origin at the
  /// frame's top left, laid out for `direction`; nil when there is no line to draw. `fill` is the paint's
  /// attributes (``SVGLabel/fill(_:)`` of the colour resolved for the scheme, unless the caller paints otherwise).
  ///
  /// The text's base direction is its own (``WritingDirection``), not the layout's: a right-to-left string
  /// says `direction="rtl"`, so that its neutral characters (an ellipsis) order as it reads, and its anchors are
  /// then the same edges named the other way (`start` is the right edge); in a right-to-left layout a
  /// left-to-right string says `direction="ltr"`, so that it does not inherit the HTML row's `dir="rtl"`.
  /// Left-to-right text in a left-to-right layout has no `direction` attribute.
  static func element(
    _ content: TextContent, _ measurement: TextMeasurement, size: Size, direction: LayoutDirection, fill: String
  ) -> String? {
    guard !measurement.lines.isEmpty else { return nil }
    let placement = LabelLines(content: content, measurement: measurement, size: size, direction: direction)
    let font = content.font
    var attributes = #"font-size="\#(n(font.size))" font-weight="\#(font.weight.cssWeight)""# + fill
    let writing = WritingDirection.of(measurement.lines.joined())
    let rightToLeft = writing == .rightToLeft
    if rightToLeft || direction == .rightToLeft { attributes += #" direction="\#(writing.rawValue)""# }
    switch (placement.anchor, rightToLeft) {
    case (.start, false), (.end, true): break
    case (.middle, _): attributes += #" text-anchor="middle""#
    case (.end, false), (.start, true): attributes += #" text-anchor="end""#
    }
    let tracking = abs(font.tracking) >= 0.0005 ? font.tracking : 0
    if tracking != 0 { attributes += #" letter-spacing="\#(n(tracking))""# }
    var element = #"<text \#(attributes) xml:space="preserve">"#
    let x = n(placement.anchorX)
    for line in placement.lines {
      element += #"<tspan x="\#(x)" y="\#(n(line.baseline))""#
      if let length = length(of: line.text, font: font, tracking: tracking, limit: size.width) {
        element += #" textLength="\#(n(length))" lengthAdjust="spacingAndGlyphs""#
      }
      element += ">\(XMLText.escaped(line.text))</tspan>"
    }
    return element + "</text>"
  }

  /// ` fill="#RRGGBB"`, with ` fill-opacity` when `color` is not opaque (a resolved colour).
  static func fill(_ color: Color) -> String {
    #" fill="\#(color.rgbHex)""# + SVGDrawing.opacity("fill-opacity", color)
  }

  /// The advance length of a line: its measured width (at most `limit`, the frame's width) plus the
  /// trailing `tracking` that SVG and CSS add after the last character as well; nil for a line that
  /// measures nothing (empty, or only spaces).
  static func length(of line: String, font: FontStyle, tracking: Double, limit: Double) -> Double? {
    let width = measurer.measure(line, font: font, maxLines: 0, maxWidth: nil).width
    guard width > 0 else { return nil }
    return max(min(width, limit) + tracking, 0)
  }

  private static func n(_ value: Double) -> String { LayoutJSON.number(value) }
}
