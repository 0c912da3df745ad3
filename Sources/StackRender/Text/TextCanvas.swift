/// A grid of terminal cells that boxes and strings are drawn into, one `Character` per cell; a wide
/// character (CJK, emoji) takes its cell and the next one, as terminals show it.
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
  /// The first scalar of each cell's character, row after row (encoded straight to UTF-8 for lines).
  private var cells: [Unicode.Scalar]
  /// The remaining scalars of the few cells whose character has more than one (e.g. `é` decomposed).
  private var extras: [Int: String.UnicodeScalarView] = [:]
  /// Marks the second cell of a wide character: it prints nothing.
  private static let continuation: Unicode.Scalar = "\u{0}"

  /// A blank canvas.
  init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    cells = Array(repeating: " ", count: self.columns * self.rows)
  }

  /// The rows of the canvas, trailing spaces removed.
  var lines: [String] {
    (0..<rows).map { row in
      let start = row * columns
      var end = start + columns
      while end > start, cells[end - 1] == " ", extras[end - 1] == nil { end -= 1 }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(3 * (end - start))
      for index in start..<end where cells[index] != Self.continuation {
        UTF8.encode(cells[index]) { bytes.append($0) }
        if let more = extras[index] {
          for scalar in more { UTF8.encode(scalar) { bytes.append($0) } }
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Sets one cell (two for a wide character); cells outside the canvas are ignored, and a wide character
  /// in the last column becomes a space.
  mutating func set(_ character: Character, row: Int, column: Int) {
    guard row >= 0, row < rows, column >= 0, column < columns else { return }
    let index = row * columns + column
    release(index, column: column)
    if character.terminalColumns == 2 {
      guard column + 1 < columns else {
        cells[index] = " "
        extras[index] = nil
        return
      }
      release(index + 1, column: column + 1)
      cells[index + 1] = Self.continuation
      if !extras.isEmpty { extras[index + 1] = nil }
    }
    var scalars = character.unicodeScalars[...]
    guard let first = scalars.popFirst() else { return }
    cells[index] = first
    if scalars.isEmpty {
      if !extras.isEmpty { extras[index] = nil }
    } else {
      extras[index] = String.UnicodeScalarView(scalars)
    }
  }

  /// Writes `text` from `column` on `row`, one character per cell (two for a wide one), stopping before
  /// `limit`.
  mutating func write(_ text: some StringProtocol, row: Int, column: Int, limit: Int) {
    var current = column
    for character in text {
      let width = character.terminalColumns
      guard current + width <= limit else { return }
      set(character, row: row, column: current)
      current += width
    }
  }

  /// Before cell `index` (at `column`) is overwritten: blanks the other half of a wide character it holds.
  private mutating func release(_ index: Int, column: Int) {
    if cells[index] == Self.continuation {
      if column > 0 {
        cells[index - 1] = " "
        extras[index - 1] = nil
      }
    } else if column + 1 < columns, cells[index + 1] == Self.continuation {
      cells[index + 1] = " "
    }
  }

  /// Fills the cells of `rect` with `character`; only the part on the canvas is visited.
  mutating func fill(_ rect: CellRect, with character: Character) {
    let left = max(rect.left, 0)
    let right = min(rect.right, columns - 1)
    let top = max(rect.top, 0)
    let bottom = min(rect.bottom, rows - 1)
    guard left <= right, top <= bottom else { return }
    let scalars = character.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else {
      for row in top...bottom {
        for column in left...right { set(character, row: row, column: column) }
      }
      return
    }
    for row in top...bottom {
      let start = row * columns
      release(start + left, column: left)
      release(start + right, column: right)
      for index in (start + left)...(start + right) { cells[index] = scalar }
      if !extras.isEmpty {
        for index in (start + left)...(start + right) { extras[index] = nil }
      }
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
    fill(CellRect(left: rect.left + 1, top: rect.top, right: rect.right - 1, bottom: rect.top), with: "─")
    fill(CellRect(left: rect.left + 1, top: rect.bottom, right: rect.right - 1, bottom: rect.bottom), with: "─")
    fill(CellRect(left: rect.left, top: rect.top + 1, right: rect.left, bottom: rect.bottom - 1), with: "│")
    fill(CellRect(left: rect.right, top: rect.top + 1, right: rect.right, bottom: rect.bottom - 1), with: "│")
    set(rounded ? "╭" : "┌", row: rect.top, column: rect.left)
    set(rounded ? "╮" : "┐", row: rect.top, column: rect.right)
    set(rounded ? "╰" : "└", row: rect.bottom, column: rect.left)
    set(rounded ? "╯" : "┘", row: rect.bottom, column: rect.right)
    if let label, !label.isEmpty, rect.width >= 5 {
      let room = rect.width - 4
      let shown = label.fittingTerminal(columns: room)
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
