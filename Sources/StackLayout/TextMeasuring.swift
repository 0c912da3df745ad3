/// Weight of a system font, as UIKit names them.
public enum FontWeight: String, Sendable, Hashable, CaseIterable, Codable {
  case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
}

/// A font: a point size and a weight of the system font.
public struct FontStyle: Sendable, Hashable, Codable {
  /// Point size, e.g. 18.
  public var size: Double
  /// Weight, e.g. `.heavy`.
  public var weight: FontWeight

  /// Creates a font style.
  public init(size: Double, weight: FontWeight = .regular) {
    self.size = size
    self.weight = weight
  }
}

/// The result of measuring a string: its lines, size and baselines.
public struct TextMeasurement: Sendable, Hashable {
  /// The lines after wrapping (and tail truncation with `…` when `maxLines` cut the text).
  public var lines: [String]
  /// Width of the widest line, in points.
  public var width: Double
  /// Height of all lines, in points.
  public var height: Double
  /// Distance from the top to the first line's baseline.
  public var firstBaseline: Double
  /// Distance from the top to the last line's baseline.
  public var lastBaseline: Double

  /// Creates a measurement.
  public init(lines: [String], width: Double, height: Double, firstBaseline: Double, lastBaseline: Double) {
    self.lines = lines
    self.width = width
    self.height = height
    self.firstBaseline = firstBaseline
    self.lastBaseline = lastBaseline
  }
}

/// Measures text without UIKit: the engine asks it for a label's size.
///
/// `maxWidth == nil` asks for the natural (unwrapped) size; `maxLines == 0`
/// means unlimited lines. Implementations must be deterministic.
public protocol TextMeasuring: Sendable {
  /// Wraps `text` at `maxWidth` in `font`, keeps at most `maxLines` lines, and measures the result.
  func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement
}
