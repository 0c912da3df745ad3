import Testing

@testable import StackRender

@Suite("Terminal canvas")
struct TextCanvasTests {
  @Test("a box has corners, edges and its label in the top edge")
  func drawsLabelledBox() {
    var canvas = TextCanvas(columns: 12, rows: 3)
    canvas.drawBox(CellRect(left: 0, top: 0, right: 11, bottom: 2), rounded: false, label: "image")
    #expect(canvas.lines == ["┌ image ───┐", "│          │", "└──────────┘"])
  }

  @Test("rounded boxes use arc corners and long labels are cut with an ellipsis")
  func roundsAndTruncates() {
    var canvas = TextCanvas(columns: 9, rows: 2)
    canvas.drawBox(CellRect(left: 0, top: 0, right: 8, bottom: 1), rounded: true, label: "functional")
    #expect(canvas.lines == ["╭ func… ╮", "╰───────╯"])
  }

  @Test("a box one cell high becomes a bar, one cell wide a post")
  func drawsThinBoxesAsLines() {
    var canvas = TextCanvas(columns: 5, rows: 3)
    canvas.drawBox(CellRect(left: 1, top: 0, right: 3, bottom: 0), rounded: true)
    canvas.drawBox(CellRect(left: 0, top: 1, right: 0, bottom: 2), rounded: false)
    #expect(canvas.lines == [" ━━━", "┃", "┃"])
  }

  @Test("drawing is clipped to the canvas and to the write limit")
  func clipsDrawing() {
    var canvas = TextCanvas(columns: 6, rows: 2)
    canvas.drawBox(CellRect(left: -3, top: -1, right: 2, bottom: 1), rounded: false)
    canvas.write("HELLO", row: 0, column: 3, limit: 5)
    canvas.write("x", row: 7, column: 0, limit: 6)
    #expect(canvas.lines == ["  │HE", "──┘"])
  }

  @Test("a later box blanks what it covers")
  func coversEarlierDrawing() {
    var canvas = TextCanvas(columns: 6, rows: 3)
    canvas.write("abcdef", row: 1, column: 0, limit: 6)
    canvas.drawBox(CellRect(left: 1, top: 0, right: 4, bottom: 2), rounded: false)
    #expect(canvas.lines == [" ┌──┐", "a│  │f", " └──┘"])
  }
}

@Suite("Terminal canvas characters")
struct TextCanvasCharacterTests {
  @Test("characters made of several scalars keep them all, and overwriting one clears the extra scalars")
  func keepsClusters() {
    var canvas = TextCanvas(columns: 4, rows: 1)
    canvas.write("e\u{301}👍🏽x", row: 0, column: 0, limit: 4)
    #expect(canvas.lines == ["e\u{301}👍🏽x"])
    // "b" covers the emoji's left cell, so its right cell is blanked.
    canvas.write("ab", row: 0, column: 0, limit: 4)
    #expect(canvas.lines == ["ab x"])
  }

  @Test("wide characters take two cells, so a box's right edge stays in its column")
  func wideCharactersTakeTwoCells() {
    var canvas = TextCanvas(columns: 8, rows: 3)
    canvas.drawBox(CellRect(left: 0, top: 0, right: 7, bottom: 2), rounded: false)
    canvas.write("機能的です", row: 1, column: 1, limit: 7)
    #expect(canvas.lines == ["┌──────┐", "│機能的│", "└──────┘"])
  }

  @Test("covering either half of a wide character blanks its other half")
  func coveringHalfAWideCharacterBlanksTheOtherHalf() {
    var canvas = TextCanvas(columns: 4, rows: 1)
    canvas.write("機能", row: 0, column: 0, limit: 4)
    #expect(canvas.lines == ["機能"])
    canvas.set("x", row: 0, column: 1)
    #expect(canvas.lines == [" x能"])
    canvas.fill(CellRect(left: 2, top: 0, right: 2, bottom: 0), with: "y")
    #expect(canvas.lines == [" xy"])
  }

  @Test("a wide character that would cross the limit or the last column is left out")
  func wideCharactersDoNotCrossTheLimit() {
    var canvas = TextCanvas(columns: 3, rows: 2)
    canvas.write("a機", row: 0, column: 0, limit: 2)
    canvas.set("機", row: 1, column: 2)
    #expect(canvas.lines == ["a", ""])
  }
}

@Suite("Terminal canvas limits")
struct TextCanvasLimitTests {
  @Test("a box a million cells wide draws only its part on the canvas")
  func clipsHugeBoxes() {
    var canvas = TextCanvas(columns: 3, rows: 2)
    canvas.drawBox(CellRect(left: -1_000_000, top: 0, right: 1_000_000, bottom: 1_000_000), rounded: false)
    #expect(canvas.lines == ["───", ""])
  }
}
