extension LineWrapper {
  /// The last visible line when `maxLines` cuts the text: the rest of its paragraph, shortened until it
  /// fits with `…` after it (clusters are dropped from the end, then trailing spaces), plus the `…`.
  ///
  /// - Returns: the line's clusters before the ellipsis; `units` and `count` include the ellipsis.
  func truncatedLine(from start: Int, to end: Int, ellipsisUnits: Int) -> WrappedLine {
    var best = WrappedLine(start: start, end: start, paragraphEnd: end, units: 0, count: 0)
    var units = 0
    var count = 0
    for index in start..<end {
      units += clusters[index].units
      count += 1
      guard clusters[index].kind != .space else { continue }
      guard metrics.fits(units: units + ellipsisUnits, count: count + 1) else { break }
      best.end = index + 1
      best.units = units
      best.count = count
    }
    best.units += ellipsisUnits
    best.count += 1
    return best
  }
}
