/// SF-like vertical metrics and tracking, so that line heights (which drive cell heights) match iOS.
///
/// The system font (SF) has `unitsPerEm` 2048, ascender 1950, descender 494 and no line gap:
/// `lineHeight = size × 2444 / 2048` (15 pt → 17.9004, 17 → 20.2871, 18 → 21.4805).
extension FontStyle {
  /// Distance from the top of a line to its baseline: `size × 1950 / 2048`.
  public var ascender: Double { size * 1950 / 2048 }

  /// Distance from the baseline to the bottom of a line (positive): `size × 494 / 2048`.
  public var descender: Double { size * 494 / 2048 }

  /// Height of one line: `ascender + descender`, no leading.
  public var lineHeight: Double { size * 2444 / 2048 }

  /// SF's size-specific tracking in points, added between neighbouring characters.
  ///
  /// Apple's published table in 1/1000 em for 6…48 pt, linearly interpolated between whole sizes and
  /// held at the end values outside that range (e.g. 17 pt → −26/1000 em → −0.442 pt).
  public var tracking: Double {
    let table = Self.trackingPerMille
    let first = 6.0
    guard size.isFinite else { return 0 }
    let position = min(max(size - first, 0), Double(table.count - 1))
    let lower = Int(position.rounded(.down))
    let upper = min(lower + 1, table.count - 1)
    let fraction = position - Double(lower)
    let perMille = table[lower] + (table[upper] - table[lower]) * fraction
    return perMille * size / 1000
  }

  /// SF tracking in 1/1000 em for the whole point sizes 6, 7, … 48.
  static let trackingPerMille: [Double] = [
    41, 34, 26, 19, 12, 6, 0, -6, -11, -16, -20, -26, -25, -24, -23,  // 6 … 20
    -18, -12, -4, 3, 6, 8, 11, 14, 14, 14, 13, 13, 12, 12,  // 21 … 34
    11, 10, 10, 8, 8, 6, 6, 4, 4, 2, 2, 2, 0, 0,  // 35 … 48
  ]
}
