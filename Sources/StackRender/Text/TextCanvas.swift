/// A grid of terminal cells that boxes and strings are drawn into, one `Character` per cell.
///
/// Drawing is clipped to the grid, so callers may pass any coordinates. Later drawing covers
/// earlier drawing; `lines` trims trailing spaces so the output is stable.
///
/// ```swift
/// var canvas = TextCanvas(columns: 20, rows: 3)
/// canvas.drawBox(CellRect(left: 0, top: 0, right: 19, bottom: 2), rounded: true, label: "card")
/// canvas.lines  // ["╭ card ────────────╮", "│                  │", "╰──────────────────╯"]
/// ```
struct TextCanvas {
  /// Width in cells.
  let columns: Int
  /// Height in cells.
  let rows: Int
  private var cells: [[Character]]

  /// A blank canvas.
  init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    cells = Array(repeating: Array(repeating: " ", count: self.columns), count: self.rows)
  }

  /// The rows of the canvas, trailing spaces removed.
  var lines: [String] {
    cells.map { row in
      var line = String(row)
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// Sets one cell; cells outside the canvas are ignored.
  mutating func set(_ character: Character, row: Int, column: Int) {
    guard row >= 0, row < rows, column >= 0, column < columns else { return }
    cells[row][column] = character
  }

  /// Writes `text` from `column` on `row`, one character per cell, stopping before `limit`.
  mutating func write(_ text: some StringProtocol, row: Int, column: Int, limit: Int) {
    var current = column
    for character in text {
      guard current < limit else { return }
      set(character, row: row, column: current)
      current += 1
    }
  }

  /// Fills the cells of `rect` with `character`.
  mutating func fill(_ rect: CellRect, with character: Character) {
    guard rect.left <= rect.right, rect.top <= rect.bottom else { return }
    for row in rect.top...rect.bottom {
      for column in rect.left...rect.right { set(character, row: row, column: column) }
    }
  }

  /// Draws a border around `rect` (rounded corners when `rounded`), blanks its inside and puts
  /// `label` into the top edge. A rect one cell high or wide becomes a line instead.
  mutating func drawBox(_ rect: CellRect, rounded: Bool, label: String? = nil) {
    guard rect.left <= rect.right, rect.top <= rect.bottom else { return }
    guard rect.width >= 2, rect.height >= 2 else {
      fill(rect, with: rect.height == 1 ? "━" : "┃")
      return
    }
    fill(rect.inset(by: 1), with: " ")
    for column in rect.left + 1..<rect.right {
      set("─", row: rect.top, column: column)
      set("─", row: rect.bottom, column: column)
    }
    for row in rect.top + 1..<rect.bottom {
      set("│", row: row, column: rect.left)
      set("│", row: row, column: rect.right)
    }
    set(rounded ? "╭" : "┌", row: rect.top, column: rect.left)
    set(rounded ? "╮" : "┐", row: rect.top, column: rect.right)
    set(rounded ? "╰" : "└", row: rect.bottom, column: rect.left)
    set(rounded ? "╯" : "┘", row: rect.bottom, column: rect.right)
    if let label, !label.isEmpty, rect.width >= 5 {
      let room = rect.width - 4
      let shown = label.count <= room ? label : String(label.prefix(room - 1)) + "…"
      write(" \(shown) ", row: rect.top, column: rect.left + 1, limit: rect.right)
    }
  }
}

/// A rectangle of cells, edges inclusive.
struct CellRect: Equatable {
  /// First column.
  var left: Int
  /// First row.
  var top: Int
  /// Last column.
  var right: Int
  /// Last row.
  var bottom: Int

  /// Number of columns.
  var width: Int { right - left + 1 }
  /// Number of rows.
  var height: Int { bottom - top + 1 }

  /// The rect shrunk by `cells` on every side (possibly empty).
  func inset(by cells: Int) -> CellRect {
    CellRect(left: left + cells, top: top + cells, right: right - cells, bottom: bottom - cells)
  }
}
