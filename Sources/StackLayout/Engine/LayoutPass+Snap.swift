extension LayoutPass {
  /// Rule 18: rounds every edge to the pixel grid in absolute coordinates, then makes frames
  /// relative to the (snapped) parent again. A label whose exact frame holds its measurement (ceiled
  /// to the pixel) keeps at least that size, so rounding never clips text.
  mutating func snapFrames() {
    guard scale > 0 else { return }
    let count = frames.count
    var origins = PassTable(repeating: Origin(), count: count)
    for node in 0..<count {
      let parent = Int(tree.items[node].parent)
      let frame = frames[node]
      let parentOrigin = parent >= 0 ? origins[parent] : Origin()
      let x = parentOrigin.x + frame.x
      let y = parentOrigin.y + frame.y
      let left = snapPixel(x)
      let top = snapPixel(y)
      var width = snapPixel(x + frame.width) - left
      var height = snapPixel(y + frame.height) - top
      if !textsOut.isEmpty, let measured = textsOut[node] {
        // Rounding both edges of a box at least as large as the (pixel-ceiled) measurement keeps it
        // at least that large; this only absorbs floating-point noise at exact ties.
        let measuredWidth = ceilPixel(measured.width)
        let measuredHeight = ceilPixel(measured.height)
        if frame.width >= measuredWidth - 1e-9 { width = max(width, measuredWidth) }
        if frame.height >= measuredHeight - 1e-9 { height = max(height, measuredHeight) }
      }
      origins[node] = Origin(x: x, y: y, snappedX: left, snappedY: top)
      frames[node] = Rect(
        x: left - parentOrigin.snappedX, y: top - parentOrigin.snappedY, width: width, height: height)
    }
  }
}

/// A node's origin in root coordinates, exact and snapped.
struct Origin {
  var x = 0.0
  var y = 0.0
  var snappedX = 0.0
  var snappedY = 0.0
}
