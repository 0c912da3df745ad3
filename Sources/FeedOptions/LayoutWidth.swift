/// The width cards are laid out at, in points: `--width` of `render` and `layout`, `width` of the HTTP API.
public enum LayoutWidth {
  /// The widths accepted, in points.
  public static let range: ClosedRange<Double> = 1...10_000
  /// The width when none is given: the reference phone's, 390 points.
  public static let standard = 390.0
}

extension OptionSource {
  /// Takes the option `width`, a number of points within ``LayoutWidth/range``; `nil` when absent.
  public mutating func width() throws(Failure) -> Double? {
    try points("width", in: LayoutWidth.range)
  }
}
