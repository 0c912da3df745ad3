import StackLayout
import Testing

@Suite("Any Unicode: fallback advances, clusters never split")
struct TextUnicodeTests {
  /// (text, expected width in font units at 2816 pt).
  static let fallbackCases: [(String, Double)] = [
    ("\u{65E5}\u{672C}", 2 * 2816),  // CJK: 1 em each
    ("\u{D55C}", 2816),  // Hangul syllable: 1 em
    ("\u{1F44D}\u{1F3FD}", 3520),  // emoji + skin tone: one 1.25 em glyph
    ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 3520),  // ZWJ family: one glyph
    ("\u{1F1EB}\u{1F1F7}", 3520),  // flag
    ("\u{2764}\u{FE0F}", 3520),  // text-default emoji with VS16
    ("\u{0F40}", 1503),  // Tibetan KA: average a–z advance of Inter Regular
    ("a\u{200D}", 1588),  // ZWJ (format) adds nothing
  ]

  @Test("characters missing from the table get the documented fallback", arguments: fallbackCases)
  func fallbackAdvances(text: String, expected: Double) {
    #expect(measureUnits(text).width == expected)
  }

  static let clusterCases: [String] = [
    "e\u{301}e\u{301}",
    "\u{1F44D}\u{1F3FD}\u{1F44D}\u{1F3FD}",
    "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
  ]

  @Test("grapheme clusters stay whole when a line holds one cluster", arguments: clusterCases)
  func clustersNotSplit(text: String) {
    let result = measureUnits(text, maxWidth: 0)
    let expected = text.map { String($0) }
    #expect(result.lines.count == 2)
    #expect(result.lines.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
  }

  @Test("a no-break space does not break a line")
  func noBreakSpace() {
    // "HI\u{A0}HI" is one word: "HI\u{A0}" = 2828 + 792 = 3620, adding H (2084) passes 5000.
    let result = measureUnits("HI\u{A0}HI", maxWidth: 5000)
    #expect(result.lines == ["HI\u{A0}", "HI"])
    #expect(result.width == 3620)
  }

  @Test("truncation never splits a cluster")
  func truncationKeepsClusters() {
    // Two 1.25 em emoji (3520 each) at 6000: the second does not fit with "…" (3520 + 2312 ≤ 6000).
    let result = measureUnits("\u{1F44D}\u{1F3FD}\u{1F44D}\u{1F3FD}", maxLines: 1, maxWidth: 6000)
    #expect(result.lines.map { Array($0.unicodeScalars) } == [Array("\u{1F44D}\u{1F3FD}\u{2026}".unicodeScalars)])
    #expect(result.width == 3520 + 2312)
  }
}
