import JSONCore

extension LayoutJSON {
  /// A number as the layout JSON writes it: rounded to 3 decimals, no trailing zeros, never `-0`;
  /// non-finite values become `0`. Other writers (renderers) use it so that their numbers match
  /// the frames in the JSON.
  ///
  /// ```swift
  /// LayoutJSON.number(433.33333)  // "433.333"
  /// LayoutJSON.number(-0.0001)    // "0"
  /// ```
  /// Values of 1e15 and beyond carry no decimals and are written as they are (scaling them by 1000
  /// could overflow to infinity, which JSON cannot hold).
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }

  /// A quoted JSON string literal with `"`, `\` and control characters escaped.
  ///
  /// ```swift
  /// LayoutJSON.string("a \"b\"")  // "\"a \\\"b\\\"\""
  /// ```
  public static func string(_ text: String) -> String { JSONWriter.quoted(text) }
}
