import StackLayout

extension TextRenderer: StackRenderer {
  /// Draws the card stack for a terminal: a caption line (`▸ stack state · N cards · content H pt`),
  /// then the container `contentHeight` high, each card in order as a bordered box labelled with
  /// its kind and id, its row drawn inside the border (shifted one cell right and down) and
  /// clipped to it; a later card blanks and covers whatever lies under it.
  public func render(_ stack: StackDocument, to output: inout some TextOutputStream) {
    let scale = TextScale(columns: columns, width: stack.width)
    var canvas = TextCanvas(columns: columns, rows: scale.rows(stack.contentHeight))
    for card in stack.cards {
      let cells = scale.cells(card.frame)
      guard cells.width > 0, cells.height > 0 else { continue }
      canvas.drawBox(cells, rounded: true, label: "\(card.row.kind) \(card.row.id)")
      // The row is drawn inside the border: its top-left point lands on the first interior cell.
      let interior = cells.inset(by: 1)
      guard interior.width > 0, interior.height > 0 else { continue }
      var inside = TextDrawing(canvas: TextCanvas(columns: interior.width, rows: interior.height), scale: scale)
      inside.direction = card.row.layout.traits.direction
      inside.draw(card.row.layout.placed, originX: 0, originY: 0)
      canvas.copy(inside.canvas, to: interior)
    }
    let count = stack.cards.count
    let caption =
      "▸ stack \(stack.state) · \(count) card\(count == 1 ? "" : "s") · content \(LayoutJSON.number(stack.contentHeight)) pt"
    output.write(caption.fittingTerminal(columns: columns) + "\n")
    for line in canvas.lines { output.write(line + "\n") }
  }
}

extension TextCanvas {
  /// Copies `other` onto this canvas with its top-left cell at `rect`'s, clipped to `rect`.
  mutating func copy(_ other: TextCanvas, to rect: CellRect) {
    for (row, line) in other.lines.enumerated() where row < rect.height {
      write(line, row: rect.top + row, column: rect.left, limit: rect.right + 1)
    }
  }
}
