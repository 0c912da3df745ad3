import StackLayout

/// The base direction of a label's own text, as UIKit's natural writing direction finds it (Unicode's
/// bidirectional algorithm, rules P2–P3): the direction of the first strong letter, left to right when
/// there is none. It is independent of the layout direction: a Latin title in a right-to-left layout
/// aligns right (natural alignment follows the layout) but still reads, and truncates, left to right.
enum WritingDirection {
  /// The direction of `text`'s first strong letter: right to left for the Hebrew, Arabic, Syriac, Thaana,
  /// N'Ko and other right-to-left scripts' blocks, left to right for any other letter.
  static func of(_ text: String) -> LayoutDirection {
    for scalar in text.unicodeScalars {
      if isRightToLeft(scalar.value) { return .rightToLeft }
      if scalar.properties.isAlphabetic { return .leftToRight }
    }
    return .leftToRight
  }

  /// Whether `value` lies in a block of a right-to-left script (bidi classes R and AL).
  private static func isRightToLeft(_ value: UInt32) -> Bool {
    switch value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
    default: false
    }
  }
}
