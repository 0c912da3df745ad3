import StackLayout
import Testing

@Suite("SF vertical metrics and tracking")
struct TextMetricsTests {
  static let lineHeights: [(Double, Double)] = [
    (11.5, 13.7236328125), (15, 17.900390625), (17, 20.287109375), (18, 21.48046875),
  ]

  @Test("line height is size × 2444 / 2048", arguments: lineHeights)
  func lineHeight(size: Double, expected: Double) {
    #expect(FontStyle(size: size).lineHeight == expected)
  }

  @Test("ascender and descender add up to the line height")
  func ascenderDescender() {
    let font = FontStyle(size: 20)
    #expect(font.ascender == 20 * 1950 / 2048.0)  // 19.04296875
    #expect(font.descender == 20 * 494 / 2048.0)  // 4.82421875
    #expect(font.ascender + font.descender == font.lineHeight)
  }

  /// (size, expected tracking in points), from SF's table in 1/1000 em × size.
  static let trackingCases: [(Double, Double)] = [
    (12, 0),
    (17, -26 * 17 / 1000),  // −0.442
    (18, -25 * 18 / 1000),  // −0.45
    (11.5, 3 * 11.5 / 1000),  // halfway between +6 (11 pt) and 0 (12 pt)
    (28, 14 * 28 / 1000),
    (4, 41 * 4 / 1000),  // below the table: the 6 pt value
    (100, 0),  // above the table: the 48 pt value
  ]

  @Test("tracking follows SF's table, interpolated between whole sizes", arguments: trackingCases)
  func tracking(size: Double, expected: Double) {
    #expect(abs(FontStyle(size: size).tracking - expected) < 1e-12)
  }

  @Test(
    "a non-finite or negative size measures as zero, without crashing", arguments: [-10, Double.nan, Double.infinity])
  func degenerateSizes(size: Double) {
    let result = StandardTextMeasurer().measure("HI HI", font: FontStyle(size: size), maxLines: 0, maxWidth: 100)
    #expect(result.width == 0)
    #expect(result.height == 0)
    #expect(result.lines == ["HI HI"])
  }
}
