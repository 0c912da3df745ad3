import StackLayout

/// Draws one laid-out card into a terminal canvas.
struct TextDrawing {
  /// The card so far.
  var canvas: TextCanvas
  /// Points to cells.
  let scale: TextScale
  /// Which way natural text aligns: the card's layout direction.
  var direction = LayoutDirection.leftToRight

  /// Draws `placed` and its subtree, the parent's origin at (`originX`, `originY`) points.
  mutating func draw(_ placed: PlacedNode, originX: Double, originY: Double) {
    let node = placed.node
    guard !node.isHidden, node.alpha > 0 else { return }
    let frame = Rect(
      x: originX + placed.frame.x, y: originY + placed.frame.y, width: placed.frame.width,
      height: placed.frame.height)
    let cells = scale.cells(frame)
    let rounded = node.cornerRadius > 0
    switch node.kind {
    case .image(let image):
      if let name = image.name { canvas.drawBox(cells, rounded: rounded, label: name) }
    case .text(let content):
      if let background = node.background, background.alpha > 0 { canvas.drawBox(cells, rounded: rounded) }
      if let measurement = placed.text { drawLines(content, measurement, frame: frame, cells: cells) }
    default:
      if let background = node.background, background.alpha > 0 {
        let label = node.id.flatMap { $0.terminalColumns <= cells.width - 4 ? $0 : nil }
        canvas.drawBox(cells, rounded: rounded, label: label)
      }
    }
    for child in placed.children { draw(child, originX: frame.x, originY: frame.y) }
  }

  private mutating func drawLines(_ content: TextContent, _ measurement: TextMeasurement, frame: Rect, cells: CellRect)
  {
    let placement = LabelLines(content: content, measurement: measurement, size: frame.size, direction: direction)
    let room = max(cells.width, 1)
    var previous = Int.min
    for line in placement.lines {
      var row = Int(((frame.y + line.top + placement.lineHeight / 2) * scale.y).rounded(.down))
      row = max(row, previous + 1)
      previous = row
      let text = line.text.fittingTerminal(columns: room)
      let column: Int
      switch placement.anchor {
      case .start: column = cells.left
      case .middle: column = cells.left + (room - text.terminalColumns) / 2
      case .end: column = cells.left + room - text.terminalColumns
      }
      canvas.write(text, row: row, column: column, limit: cells.left + room)
    }
  }
}
