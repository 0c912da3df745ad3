import StackLayout

/// Draws the rows as boxes for a terminal: points are scaled so the document width fills
/// ``columns`` character cells, and a cell is twice as high as it is wide.
///
/// Each row starts with a caption line (`▸ kind id · height pt`), then its card: images and
/// boxes with a background as bordered boxes (rounded when the node has a corner radius; images
/// labelled with their name, boxes with their id when it fits), labels as their measured lines
/// at the lines' positions, aligned like the label (natural text to the right in right-to-left layouts) and cut
/// with `…` at the label's right edge.
/// Output is plain text (no colours), deterministic, written row by row as the rows arrive.
///
/// ```swift
/// print(TextRenderer(columns: 80).render(rows, width: 390))
/// ```
public struct TextRenderer: RowRenderer {
  /// Width of the drawing in character cells.
  public var columns: Int

  /// Creates a terminal renderer `columns` cells wide (at least 8).
  public init(columns: Int = 80) {
    self.columns = max(columns, 8)
  }

  /// Writes the drawing of `rows` laid out at `width` points.
  public func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream) {
    let scale = TextScale(columns: columns, width: width)
    for row in rows {
      output.write(caption(row) + "\n")
      var drawing = TextDrawing(canvas: TextCanvas(columns: columns, rows: scale.rows(row.height)), scale: scale)
      drawing.direction = row.layout.traits.direction
      drawing.draw(row.layout.placed, originX: 0, originY: 0)
      for line in drawing.canvas.lines {
        output.write(line)
        output.write("\n")
      }
    }
  }

  private func caption(_ row: RenderRow) -> String {
    let text = "▸ \(row.kind) \(row.id) · \(LayoutJSON.number(row.height)) pt"
    return text.fittingTerminal(columns: columns)
  }
}

/// Points to cells: `columns / width` cells per point across, half that down.
struct TextScale {
  /// Cells per point, horizontally.
  let x: Double
  /// Cells per point, vertically.
  let y: Double

  /// The scale that fits `width` points into `columns` cells.
  init(columns: Int, width: Double) {
    x = width > 0 && width.isFinite ? Double(columns) / width : 0
    y = x / 2
  }

  /// Number of cell rows for a height in points.
  func rows(_ height: Double) -> Int { cell(height * y) }

  /// The cells covered by a frame in points (edges inclusive; empty when it rounds to nothing).
  func cells(_ frame: Rect) -> CellRect {
    CellRect(
      left: cell(frame.x * x), top: cell(frame.y * y), right: cell(frame.maxX * x) - 1,
      bottom: cell(frame.maxY * y) - 1)
  }

  /// A cell coordinate, rounded to the nearest cell edge and kept in a sane range.
  func cell(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(min(max(value, -1e6), 1e6).rounded())
  }
}
