extension LayoutPass {
  /// Rule 18: rounds every edge to the pixel grid in absolute coordinates, then makes frames
  /// relative to the (snapped) parent again. A label whose exact frame holds its measurement (ceiled
  /// to the pixel) keeps at least that size, so rounding never clips text.
  mutating func snapFrames() {
    guard scale > 0 else { return }
    let count = frames.count
    var exactOrigin = [(x: Double, y: Double)](repeating: (0, 0), count: count)
    var snappedOrigin = [(x: Double, y: Double)](repeating: (0, 0), count: count)
    for node in 0..<count {
      let parent = tree.items[node].parent
      let frame = frames[node]
      let parentExact: (x: Double, y: Double) = parent >= 0 ? exactOrigin[parent] : (0, 0)
      let parentSnapped: (x: Double, y: Double) = parent >= 0 ? snappedOrigin[parent] : (0, 0)
      let x = parentExact.x + frame.x
      let y = parentExact.y + frame.y
      exactOrigin[node] = (x, y)
      let left = snapPixel(x)
      let top = snapPixel(y)
      var width = snapPixel(x + frame.width) - left
      var height = snapPixel(y + frame.height) - top
      if let measured = textsOut[node] {
        // Rounding both edges of a box at least as large as the (pixel-ceiled) measurement keeps it
        // at least that large; this only absorbs floating-point noise at exact ties.
        let measuredWidth = ceilPixel(measured.width)
        let measuredHeight = ceilPixel(measured.height)
        if frame.width >= measuredWidth - 1e-9 { width = max(width, measuredWidth) }
        if frame.height >= measuredHeight - 1e-9 { height = max(height, measuredHeight) }
      }
      snappedOrigin[node] = (left, top)
      frames[node] = Rect(x: left - parentSnapped.x, y: top - parentSnapped.y, width: width, height: height)
    }
  }
}
