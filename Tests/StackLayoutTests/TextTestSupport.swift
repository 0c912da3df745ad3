import StackLayout

/// At 2816 pt, Inter's 2816 units per em make one font unit exactly one point, and SF tracking is 0,
/// so expected widths are plain sums of the advances in the generated table.
let unitSize = 2816.0

/// Inter Regular at one point per font unit.
let unitRegular = FontStyle(size: unitSize, weight: .regular)

/// Exact sizes (no pixel ceiling) and no tracking: widths are sums of advances.
let exactMeasurer = StandardTextMeasurer(scale: 0, appliesTracking: false)

/// Inter Regular advances (font units) used by the expected values: H 2084, I 744, space 792,
/// `…` 2312, `-` 1296, T 1808, S 1796, h 1664, i 668, r 1048, t 1024, a 1588, b 1748, e 1640,
/// U+0301 0; average a–z 1503.
enum Regular {
  static let hi = 2084.0 + 744  // "HI" = 2828
  static let space = 792.0
  static let ellipsis = 2312.0
}

/// Measures `text` at one point per font unit, exactly.
func measureUnits(_ text: String, maxLines: Int = 0, maxWidth: Double? = nil) -> TextMeasurement {
  exactMeasurer.measure(text, font: unitRegular, maxLines: maxLines, maxWidth: maxWidth)
}
