import StackLayout

/// Where a label's measured lines go inside its frame, as UILabel draws them: the block of lines
/// centred vertically in the frame, each line aligned horizontally by the text alignment.
///
/// Positions are relative to the label's frame. `natural` draws like `left` in left-to-right layouts and like
/// `right` in right-to-left ones (`TextAlignment.resolved(for:)`); `justified` draws as `natural` does (a
/// justified line would need per-word spacing).
struct LabelLines {
  /// One line: its text and vertical position.
  struct Line: Equatable {
    /// The line as measured (already wrapped and truncated).
    var text: String
    /// Top of the line box.
    var top: Double
    /// The baseline.
    var baseline: Double
  }

  /// Horizontal anchoring of every line.
  enum Anchor: Equatable {
    case start, middle, end
  }

  /// The lines, top to bottom.
  var lines: [Line]
  /// Height of one line.
  var lineHeight: Double
  /// Where the lines are anchored.
  var anchor: Anchor
  /// The anchor's x, relative to the frame: 0, half the width, or the width.
  var anchorX: Double

  /// Places `measurement`'s lines for `content` in a frame of `size`, laid out for `direction`.
  init(content: TextContent, measurement: TextMeasurement, size: Size, direction: LayoutDirection = .leftToRight) {
    lineHeight = content.font.lineHeight
    let blockHeight = Double(measurement.lines.count) * lineHeight
    let top = (size.height - blockHeight) / 2
    var placed: [Line] = []
    placed.reserveCapacity(measurement.lines.count)
    for (index, text) in measurement.lines.enumerated() {
      let lineTop = top + Double(index) * lineHeight
      placed.append(Line(text: text, top: lineTop, baseline: lineTop + content.font.ascender))
    }
    lines = placed
    var alignment = content.alignment.resolved(for: direction)
    if alignment == .justified { alignment = TextAlignment.natural.resolved(for: direction) }
    switch alignment {
    case .center:
      anchor = .middle
      anchorX = size.width / 2
    case .right:
      anchor = .end
      anchorX = size.width
    case .natural, .left, .justified:
      anchor = .start
      anchorX = 0
    }
  }
}
