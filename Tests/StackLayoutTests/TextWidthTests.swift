import Testing

@testable import StackLayout

@Suite("Text widths come from the generated Inter table")
struct TextWidthTests {
  /// (text, expected width in font units = points at 2816 pt).
  static let naturalCases: [(String, Double)] = [
    ("HI", 2084 + 744),
    ("H I", 2084 + 792 + 744),
    ("HI ", 2084 + 744),  // trailing space hangs
    ("  HI", 792 * 2 + 2084 + 744),  // leading spaces count
    ("T-Shirt", 1808 + 1296 + 1796 + 1664 + 668 + 1048 + 1024),
    ("a\tb", 1588 + 4 * 792 + 1748),  // a tab is four spaces
    ("\u{E9}", 1640),  // precomposed é
    ("e\u{301}", 1640 + 0),  // e + combining acute (advance 0)
  ]

  @Test("a single line is as wide as the sum of its advances", arguments: naturalCases)
  func naturalWidthSumsAdvances(text: String, expected: Double) {
    let result = measureUnits(text)
    #expect(result.width == expected)
    #expect(result.lines.count == 1)
  }

  /// (weight, width of "HI" in font units): the face of the same OpenType weight class.
  static let weightCases: [(FontWeight, Double)] = [
    (.regular, 2084 + 744),  // Inter Regular
    (.bold, 2101 + 790),  // Inter Bold
    (.heavy, 2106 + 805),  // Inter ExtraBold (800)
  ]

  @Test("each weight uses its Inter face", arguments: weightCases)
  func weightSelectsFace(weight: FontWeight, expected: Double) {
    let result = exactMeasurer.measure(
      "HI", font: FontStyle(size: unitSize, weight: weight), maxLines: 0, maxWidth: nil)
    #expect(result.width == expected)
  }

  @Test("every weight has a face with its own advances")
  func everyWeightMeasures() {
    let widths = FontWeight.allCases.map {
      exactMeasurer.measure("abc", font: FontStyle(size: unitSize, weight: $0), maxLines: 0, maxWidth: nil).width
    }
    #expect(widths == widths.sorted())  // heavier faces are wider for lowercase
    #expect(Set(widths).count == FontWeight.allCases.count)
  }

  @Test("points scale with size / unitsPerEm")
  func widthScalesWithSize() {
    let result = exactMeasurer.measure("HI", font: FontStyle(size: 17), maxLines: 0, maxWidth: nil)
    #expect(abs(result.width - Regular.hi * 17 / 2816) < 1e-9)  // 17.0724…
  }

  @Test("SF tracking is added between neighbouring characters")
  func trackingBetweenCharacters() {
    let measurer = StandardTextMeasurer(scale: 0)
    let result = measurer.measure("HI", font: FontStyle(size: 17), maxLines: 0, maxWidth: nil)
    // 17 pt tracking: −26/1000 em = −0.442 pt, once between H and I.
    #expect(abs(result.width - (Regular.hi * 17 / 2816 - 0.442)) < 1e-9)
  }

  @Test("sizes are ceiled to whole pixels at the measurer's scale")
  func sizesCeiledToPixels() {
    let result = StandardTextMeasurer().measure("HI", font: FontStyle(size: 17), maxLines: 0, maxWidth: nil)
    // 16.6304… → 16.6667 (50 px at 3x); line height 20.2871… → 20.3333 (61 px).
    #expect(abs(result.width - 50.0 / 3) < 1e-9)
    #expect(abs(result.height - 61.0 / 3) < 1e-9)
  }

  @Test("the real card title at 18 heavy fits one line at 270 pt")
  func cardTitleWidth() {
    // Inter ExtraBold advances of "THE FUTURE IS FUNCTIONAL" add up to 40120 units:
    // 40120 × 18 / 2816 = 256.4489, minus 23 × 0.45 tracking = 246.0989 → ceiled 246.3333.
    let title = "THE FUTURE IS FUNCTIONAL"
    let result = StandardTextMeasurer().measure(
      title, font: FontStyle(size: 18, weight: .heavy), maxLines: 2, maxWidth: 270)
    #expect(result.lines == [title])
    #expect(abs(result.width - 739.0 / 3) < 1e-9)
  }
}
