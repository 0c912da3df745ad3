import StackLayout
import Testing

@Suite("maxLines and tail truncation with …")
struct TextTruncationTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var maxLines: Int
    var maxWidth: Double?
    var lines: [String]
    var width: Double
    var testDescription: String { "\(text.debugDescription) in \(maxLines) lines" }
  }

  // "HI" 2828, "HI HI" 6448, "…" 2312: "HI…" = 5140, "HI H…" = 2828 + 792 + 2084 + 2312 = 8016.
  static let cases: [Case] = [
    Case(text: "HI HI HI", maxLines: 1, maxWidth: 6000, lines: ["HI\u{2026}"], width: 5140),
    Case(text: "HI HIHI", maxLines: 1, maxWidth: 6000, lines: ["HI\u{2026}"], width: 5140),  // no space before …
    Case(text: "HI HI HI HI I", maxLines: 2, maxWidth: 6448, lines: ["HI HI", "HI\u{2026}"], width: 6448),
    Case(text: "HI HI HI HI", maxLines: 2, maxWidth: 6448, lines: ["HI HI", "HI HI"], width: 6448),  // fits: no …
    Case(text: "HI HI", maxLines: 2, maxWidth: 2828, lines: ["HI", "HI"], width: 2828),
    Case(text: "HI\nHI\nHI", maxLines: 2, maxWidth: nil, lines: ["HI", "HI\u{2026}"], width: 5140),
    Case(text: "HIHI", maxLines: 1, maxWidth: 2000, lines: ["\u{2026}"], width: 2000),  // nothing fits
    Case(text: "HI HI HI", maxLines: 0, maxWidth: 2828, lines: ["HI", "HI", "HI"], width: 2828),  // unlimited
    Case(text: "HI HI HI", maxLines: -1, maxWidth: 2828, lines: ["HI", "HI", "HI"], width: 2828),
    Case(text: "HI HI HI", maxLines: Int.max, maxWidth: 2828, lines: ["HI", "HI", "HI"], width: 2828),
  ]

  @Test("the last kept line holds the rest, shortened until … fits", arguments: cases)
  func truncates(_ testCase: Case) {
    let result = measureUnits(testCase.text, maxLines: testCase.maxLines, maxWidth: testCase.maxWidth)
    #expect(result.lines == testCase.lines)
    #expect(result.width == testCase.width)
    #expect(result.height == 3360.5 * Double(testCase.lines.count))
  }
}
