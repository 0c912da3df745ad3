import StackLayout
import Testing

@testable import StackRender

@Suite("Label line placement")
struct LabelLinesTests {
  static func measurement(_ lines: [String]) -> TextMeasurement {
    TextMeasurement(lines: lines, width: 80, height: 43, firstBaseline: 0, lastBaseline: 0)
  }

  @Test("the block of lines is centred vertically and each baseline is an ascender below its line top")
  func centresBlock() {
    // 18 pt: line height 18 × 2444 / 2048 = 21.48046875, ascender 18 × 1950 / 2048 = 17.138671875.
    // Two lines are 42.9609375 high, so in a 60 pt frame they start at (60 − 42.9609375) / 2.
    let content = TextContent("A B", font: FontStyle(size: 18, weight: .heavy), lines: 2)
    let placement = LabelLines(
      content: content, measurement: Self.measurement(["A", "B"]), size: Size(width: 100, height: 60))
    #expect(placement.lineHeight == 21.48046875)
    #expect(
      placement.lines == [
        LabelLines.Line(text: "A", top: 8.51953125, baseline: 25.658203125),
        LabelLines.Line(text: "B", top: 30, baseline: 47.138671875),
      ])
  }

  @Test(
    "lines are anchored by the text alignment",
    arguments: [
      (TextAlignment.natural, LabelLines.Anchor.start, 0.0), (.left, .start, 0), (.justified, .start, 0),
      (.center, .middle, 50), (.right, .end, 100),
    ])
  func anchorsByAlignment(alignment: TextAlignment, anchor: LabelLines.Anchor, x: Double) {
    let content = TextContent("A", alignment: alignment)
    let placement = LabelLines(
      content: content, measurement: Self.measurement(["A"]), size: Size(width: 100, height: 20))
    #expect(placement.anchor == anchor)
    #expect(placement.anchorX == x)
  }

  @Test("a label with no lines places nothing")
  func placesNothingForEmptyText() {
    let placement = LabelLines(
      content: TextContent(""), measurement: Self.measurement([]), size: Size(width: 100, height: 20))
    #expect(placement.lines.isEmpty)
  }
}
