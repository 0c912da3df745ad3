import StackLayout
import Testing

@Suite("Greedy word wrapping")
struct TextWrappingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var text: String
    var maxWidth: Double?
    var lines: [String]
    var width: Double
    var testDescription: String { "\(text.debugDescription) at \(maxWidth.map { "\($0)" } ?? "nil")" }
  }

  // "HI" 2828, space 792, "HI HI" 6448, H 2084, I 744, T-Shirt: "T-" 3104, "Shirt" 6200.
  static let cases: [Case] = [
    Case(text: "HI HI", maxWidth: 6448, lines: ["HI HI"], width: 6448),  // exactly fits
    Case(text: "HI HI", maxWidth: 6447, lines: ["HI", "HI"], width: 2828),
    Case(text: "HI HI", maxWidth: 2828, lines: ["HI", "HI"], width: 2828),  // the space hangs
    Case(text: "HI   HI", maxWidth: 2828, lines: ["HI", "HI"], width: 2828),  // a run of spaces hangs
    Case(text: "HIHIHI", maxWidth: 5000, lines: ["HIH", "IHI"], width: 4912),  // 2084+744+2084
    Case(text: "HI HIHIHI", maxWidth: 5000, lines: ["HI", "HIH", "IHI"], width: 4912),
    Case(text: "T-Shirt", maxWidth: 7000, lines: ["T-", "Shirt"], width: 6200),  // break after "-"
    Case(text: "HI/HI", maxWidth: 4000, lines: ["HI/", "HI"], width: 3832),  // break after "/" (1004)
    Case(text: "\u{65E5}\u{672C}\u{8A9E}", maxWidth: 6000, lines: ["\u{65E5}\u{672C}", "\u{8A9E}"], width: 5632),
    Case(text: "HI\nI", maxWidth: nil, lines: ["HI", "I"], width: 2828),
    Case(text: "HI\r\nHI", maxWidth: nil, lines: ["HI", "HI"], width: 2828),
    Case(text: "HI\u{2028}HI", maxWidth: nil, lines: ["HI", "HI"], width: 2828),
    Case(text: "HI\n\nHI", maxWidth: nil, lines: ["HI", "", "HI"], width: 2828),
    Case(text: "HI\n", maxWidth: nil, lines: ["HI"], width: 2828),  // no empty last line
    Case(text: "\n", maxWidth: nil, lines: [""], width: 0),
    Case(text: "HI HI", maxWidth: 0, lines: ["H", "I", "H", "I"], width: 0),
    Case(text: "HI", maxWidth: -5, lines: ["H", "I"], width: 0),  // negative width is 0
    Case(text: "HI HI", maxWidth: .infinity, lines: ["HI HI"], width: 6448),  // unlimited
    Case(text: "HI HI", maxWidth: .nan, lines: ["HI HI"], width: 6448),
  ]

  @Test("lines break where the next word no longer fits", arguments: cases)
  func wraps(_ testCase: Case) {
    let result = measureUnits(testCase.text, maxWidth: testCase.maxWidth)
    #expect(result.lines == testCase.lines)
    #expect(result.width == testCase.width)
    // Line height at 2816 pt: 2816 × 2444 / 2048 = 3360.5.
    #expect(result.height == 3360.5 * Double(testCase.lines.count))
  }

  @Test("empty text measures zero with no lines", arguments: [nil, 0, 100] as [Double?])
  func emptyText(maxWidth: Double?) {
    let result = measureUnits("", maxWidth: maxWidth)
    #expect(result == TextMeasurement(lines: [], width: 0, height: 0, firstBaseline: 0, lastBaseline: 0))
  }

  @Test("a measured width never exceeds the line width")
  func widthCappedByMaxWidth() {
    let result = measureUnits("HIHI", maxWidth: 1000)  // H alone (2084) is wider than the line
    #expect(result.lines == ["H", "I", "H", "I"])
    #expect(result.width == 1000)
  }

  @Test("baselines sit at the ascender of the first and the last line")
  func baselines() {
    let font = FontStyle(size: 18, weight: .heavy)
    let result = StandardTextMeasurer().measure("HI\nHI", font: font, maxLines: 0, maxWidth: nil)
    // SF at 18 pt: ascender 18 × 1950 / 2048 = 17.138671875, line height 18 × 2444 / 2048 = 21.48046875.
    #expect(result.firstBaseline == 17.138671875)
    #expect(result.lastBaseline == 17.138671875 + 21.48046875)
    #expect(abs(result.height - 129.0 / 3) < 1e-9)  // 42.9609375 ceiled to 43.0 at 3x
  }
}
