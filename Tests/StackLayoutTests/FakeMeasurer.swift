import StackLayout
import Testing

/// A deterministic measurer whose numbers are easy to work out by hand:
/// every character advances `size / 2`, a line is `size × 1.25` high, the baseline sits `size`
/// below the line's top; words wrap greedily at spaces; `maxLines` cuts with a trailing `…`.
struct FakeMeasurer: TextMeasuring {
  func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement {
    guard !text.isEmpty else {
      return TextMeasurement(lines: [], width: 0, height: 0, firstBaseline: 0, lastBaseline: 0)
    }
    let advance = font.size / 2
    let lineHeight = font.size * 1.25
    var lines: [String] = []
    if let maxWidth {
      var current = ""
      for word in text.split(separator: " ") {
        let candidate = current.isEmpty ? String(word) : current + " " + word
        if current.isEmpty || Double(candidate.count) * advance <= maxWidth {
          current = candidate
        } else {
          lines.append(current)
          current = String(word)
        }
      }
      lines.append(current)
    } else {
      lines = [text]
    }
    let width = Double(lines.map(\.count).max() ?? 0) * advance
    if maxLines > 0 && lines.count > maxLines {
      lines = Array(lines.prefix(maxLines))
      lines[maxLines - 1] += "…"
    }
    let count = Double(lines.count)
    return TextMeasurement(
      lines: lines, width: width, height: count * lineHeight, firstBaseline: font.size,
      lastBaseline: font.size + (count - 1) * lineHeight)
  }
}

/// Lays out with the fake measurer (exact, no snapping unless a scale is given) and checks the
/// invariants of every result.
func lay(
  _ root: some LayoutElement, width: Double, height: Double? = nil, scale: Double = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) -> LayoutResult {
  let result = LayoutEngine(measurer: FakeMeasurer(), scale: scale).layout(root, width: width, height: height)
  let violations = result.invariantViolations()
  #expect(violations.isEmpty, "invariants: \(violations)", sourceLocation: sourceLocation)
  return result
}

/// A view with an intrinsic size (hugging 250, compression resistance 750), like a label of fixed size.
func item(_ id: String, width: Double? = nil, height: Double? = nil) -> Box {
  Box().intrinsicSize(width: width, height: height).id(id)
}

/// `Rect` shorthand for expectation tables.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

/// Whether two frames agree within a thousandth of a point.
func close(_ lhs: Rect?, _ rhs: Rect) -> Bool {
  guard let lhs else { return false }
  return abs(lhs.x - rhs.x) < 1e-3 && abs(lhs.y - rhs.y) < 1e-3 && abs(lhs.width - rhs.width) < 1e-3
    && abs(lhs.height - rhs.height) < 1e-3
}
