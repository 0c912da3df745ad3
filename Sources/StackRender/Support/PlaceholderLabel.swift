import StackLayout

/// The name written on an image placeholder: at most 12 pt, shrunk to fit the frame's width.
struct PlaceholderLabel {
  /// The placeholder's grey (iOS system grey, `#8E8E93`); in the dark scheme `#48484A` (dark `systemGray3`), on
  /// which a card's white text keeps 4.5:1 (it has 3.3:1 on the light grey).
  static let fill = Color.pair(
    light: Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255),
    dark: Color(red: 72 / 255, green: 72 / 255, blue: 74 / 255))
  /// The placeholder's outline (`#636366`; `#8E8E93` in the dark scheme), so that nested placeholders stay apart.
  static let edge = Color.pair(
    light: Color(red: 99 / 255, green: 99 / 255, blue: 102 / 255),
    dark: Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255))
  /// The label's colour (`#E5E5EA`, both schemes).
  static let ink = Color(red: 229 / 255, green: 229 / 255, blue: 234 / 255)
  /// Exact widths (no pixel rounding), so the shrink factor is stable.
  private static let measurer = StandardTextMeasurer(scale: 0)

  /// The smallest legible size: a placeholder that needs a smaller label shows none.
  static let minimumFontSize = 5.0

  /// The label's font size in points; nil when the placeholder is too small for a legible label.
  let fontSize: Double?
  /// The label's baseline, from the frame's top: cap height centred.
  let baseline: Double
  /// The label's width in points, centred in the frame.
  let width: Double

  /// Sizes the label for `name` on a placeholder of `size`.
  init(name: String, size: Size) {
    let preferred = min(12, max(size.height * 0.3, 1))
    let natural = Self.measurer.measure(name, font: FontStyle(size: preferred), maxLines: 1, maxWidth: nil).width
    let room = max(size.width - 4, 1)
    let fitted = natural > room ? preferred * room / natural : preferred
    fontSize = fitted >= Self.minimumFontSize ? fitted : nil
    baseline = size.height / 2 + fitted * 0.35
    width = natural * fitted / preferred
  }

  /// Where the label's ink lies (from the baseline up a font size, a quarter below for descenders) on a
  /// placeholder at `frame`; nil without a label.
  func box(in frame: Rect) -> Rect? {
    guard let fontSize else { return nil }
    let top = frame.y + baseline - fontSize
    return Rect(x: frame.x + (frame.width - width) / 2, y: top, width: width, height: fontSize * 1.25)
  }
}
