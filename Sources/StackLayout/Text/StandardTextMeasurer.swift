/// The deterministic default text measurer: Inter's advance widths (a generated table, no font files),
/// SF's vertical metrics and tracking, greedy word wrapping and tail truncation with `…`.
///
/// - Widths: the sum of the clusters' advances × `size / unitsPerEm`, plus `font.tracking` between
///   neighbouring clusters of a line. Trailing spaces hang (they do not count).
/// - Sizes are ceiled to `1 / scale` like UIKit's `sizeThatFits` (with `scale` 0, they are exact);
///   a size never exceeds `maxWidth`. Baselines are exact: `ascender`, and
///   `(lines − 1) × lineHeight + ascender`.
/// - Empty text measures `.zero` with no lines. A non-finite `maxWidth` means unlimited, a negative one
///   is 0; `maxLines <= 0` means unlimited. Every line holds at least one cluster.
///
/// `docs/TEXT.md` describes the rules in full. Wrap it in ``CachingTextMeasurer`` to reuse results.
public struct StandardTextMeasurer: TextMeasuring {
  /// Pixels per point used to ceil sizes (3 for a 3x screen; 0 for exact sizes).
  public var scale: Double
  /// Whether SF's size-specific tracking is added between characters.
  public var appliesTracking: Bool

  /// Creates a measurer ceiling sizes at `scale` pixels per point.
  public init(scale: Double = 3, appliesTracking: Bool = true) {
    self.scale = scale
    self.appliesTracking = appliesTracking
  }

  /// Wraps `text` at `maxWidth` in `font`, keeps at most `maxLines` lines, and measures the result.
  public func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement {
    guard !text.isEmpty else {
      return TextMeasurement(lines: [], width: 0, height: 0, firstBaseline: 0, lastBaseline: 0)
    }
    let style = FontStyle(size: font.size.isFinite ? max(font.size, 0) : 0, weight: font.weight)
    let limit = maxWidth.flatMap { $0.isFinite ? max($0, 0) : nil }
    let widths = GlyphWidths(weight: style.weight)
    let clusters = widths.clusters(of: text)
    let metrics = LineMetrics(
      pointsPerUnit: style.size / Double(widths.unitsPerEm),
      tracking: appliesTracking ? style.tracking : 0,
      maxWidth: limit
    )
    let keep = maxLines > 0 ? maxLines : Int.max
    var wrapper = LineWrapper(clusters: clusters, metrics: metrics, stopAfter: keep == Int.max ? keep : keep + 1)
    wrapper.wrap()
    var wrapped = wrapper.lines
    var truncated = false
    if wrapped.count > keep {
      let last = wrapped[keep - 1]
      wrapped.removeSubrange((keep - 1)...)
      let ellipsis = widths.units(of: "\u{2026}" as Unicode.Scalar)
      wrapped.append(wrapper.truncatedLine(from: last.start, to: last.paragraphEnd, ellipsisUnits: ellipsis))
      truncated = true
    }
    var widest = 0.0
    for line in wrapped {
      widest = max(widest, metrics.width(units: line.units, count: line.count))
    }
    let lineHeight = style.lineHeight
    let count = Double(wrapped.count)
    let width = ceiled(widest)
    return TextMeasurement(
      lines: strings(of: wrapped, in: text, clusters: clusters, truncated: truncated),
      width: limit.map { min($0, width) } ?? width,
      height: ceiled(count * lineHeight),
      firstBaseline: style.ascender,
      lastBaseline: (count - 1) * lineHeight + style.ascender
    )
  }

  private func ceiled(_ value: Double) -> Double {
    guard scale > 0 else { return value }
    return (value * scale - 1e-7).rounded(.up) / scale
  }

  private func strings(of lines: [WrappedLine], in text: String, clusters: [TextCluster], truncated: Bool)
    -> [String]
  {
    let utf8 = text.utf8
    var result: [String] = []
    result.reserveCapacity(lines.count)
    for line in lines {
      guard line.end > line.start else {
        result.append("")
        continue
      }
      let lower = utf8.index(utf8.startIndex, offsetBy: clusters[line.start].start)
      let upper = utf8.index(utf8.startIndex, offsetBy: clusters[line.end - 1].end)
      result.append(String(text[lower..<upper]))
    }
    if truncated, let last = result.indices.last {
      result[last] += "\u{2026}"
    }
    return result
  }
}
