/// A wrapped line: the clusters it draws, with trailing spaces left out (they hang).
struct WrappedLine: Sendable {
  /// Index of the line's first cluster.
  var start: Int
  /// Index just past the last drawn cluster.
  var end: Int
  /// Index just past the paragraph the line belongs to (its newline cluster, or the cluster count).
  var paragraphEnd: Int
  /// Advance of the drawn clusters, in font units.
  var units: Int
  /// Number of drawn clusters.
  var count: Int
}

/// Converts font units to points and decides whether a run fits the line.
struct LineMetrics: Sendable {
  /// Points per font unit: `size / unitsPerEm`.
  let pointsPerUnit: Double
  /// Points added between neighbouring clusters.
  let tracking: Double
  /// The line width, or nil for unlimited.
  let maxWidth: Double?

  /// Width in points of `count` clusters whose advances add up to `units`.
  func width(units: Int, count: Int) -> Double {
    Double(units) * pointsPerUnit + tracking * Double(max(count - 1, 0))
  }

  /// Whether such a run fits on a line.
  func fits(units: Int, count: Int) -> Bool {
    guard let maxWidth else { return true }
    return width(units: units, count: count) <= maxWidth + 1e-9
  }
}

/// Greedy line breaking over clusters: break after runs of spaces, after `-`, `/` and dashes, around
/// ideographs, and at newlines; a word wider than the line breaks between clusters.
struct LineWrapper {
  /// The clusters of the whole string.
  let clusters: [TextCluster]
  /// Width rules.
  let metrics: LineMetrics
  /// Wrapping stops once this many lines have been produced.
  let stopAfter: Int

  private(set) var lines: [WrappedLine] = []
  private var line = WrappedLine(start: 0, end: 0, paragraphEnd: 0, units: 0, count: 0)
  private var pendingUnits = 0
  private var pendingCount = 0

  /// Creates a wrapper that produces at most `stopAfter` lines.
  init(clusters: [TextCluster], metrics: LineMetrics, stopAfter: Int) {
    self.clusters = clusters
    self.metrics = metrics
    self.stopAfter = stopAfter
  }

  /// Wraps every paragraph; a trailing newline does not open an empty last line.
  mutating func wrap() {
    var index = 0
    while index < clusters.count && lines.count < stopAfter {
      var paragraphEnd = index
      while paragraphEnd < clusters.count && clusters[paragraphEnd].kind != .newline {
        paragraphEnd += 1
      }
      wrapParagraph(index..<paragraphEnd)
      index = paragraphEnd + 1
    }
  }

  private mutating func wrapParagraph(_ range: Range<Int>) {
    line = WrappedLine(
      start: range.lowerBound, end: range.lowerBound, paragraphEnd: range.upperBound, units: 0, count: 0)
    pendingUnits = 0
    pendingCount = 0
    var index = range.lowerBound
    while index < range.upperBound && lines.count < stopAfter {
      let (bodyEnd, segmentEnd) = segment(from: index, to: range.upperBound, atStart: index == range.lowerBound)
      place(index..<bodyEnd)
      pendingUnits = 0
      pendingCount = 0
      for cluster in clusters[bodyEnd..<segmentEnd] {
        pendingUnits += cluster.units
        pendingCount += 1
      }
      index = segmentEnd
    }
    if lines.count < stopAfter {
      lines.append(line)
    }
  }

  /// A word (its body, then the spaces after it) starting at `start`.
  private func segment(from start: Int, to end: Int, atStart: Bool) -> (bodyEnd: Int, segmentEnd: Int) {
    var index = start
    if atStart {
      while index < end && clusters[index].kind == .space { index += 1 }  // leading spaces do not hang
    }
    if index < end && clusters[index].kind == .ideograph {
      index += 1
    } else {
      while index < end {
        let kind = clusters[index].kind
        if kind == .space || kind == .ideograph { break }
        index += 1
        if kind == .breakAfter { break }
      }
    }
    let bodyEnd = index
    while index < end && clusters[index].kind == .space { index += 1 }
    return (bodyEnd, max(index, start + 1))
  }

  private mutating func place(_ body: Range<Int>) {
    var units = 0
    for cluster in clusters[body] { units += cluster.units }
    if line.count > 0 {
      let joinedUnits = line.units + pendingUnits + units
      let joinedCount = line.count + pendingCount + body.count
      if metrics.fits(units: joinedUnits, count: joinedCount) {
        line.units = joinedUnits
        line.count = joinedCount
        line.end = body.upperBound
        return
      }
      startLine(at: body.lowerBound)
    }
    if metrics.fits(units: units, count: body.count) {
      line.units = units
      line.count = body.count
      line.end = body.upperBound
    } else {
      breakByClusters(body)
    }
  }

  /// Places a word wider than the line, breaking between clusters; every line gets at least one.
  private mutating func breakByClusters(_ body: Range<Int>) {
    for index in body where lines.count < stopAfter {
      let units = clusters[index].units
      if line.count > 0 && !metrics.fits(units: line.units + units, count: line.count + 1) {
        startLine(at: index)
      }
      line.units += units
      line.count += 1
      line.end = index + 1
    }
  }

  private mutating func startLine(at index: Int) {
    lines.append(line)
    line = WrappedLine(start: index, end: index, paragraphEnd: line.paragraphEnd, units: 0, count: 0)
  }
}
