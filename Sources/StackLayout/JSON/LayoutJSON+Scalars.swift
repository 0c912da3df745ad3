extension LayoutJSON {
  /// A number as the layout JSON writes it: rounded to 3 decimals, no trailing zeros, never `-0`;
  /// non-finite values become `0`. Other writers (renderers) use it so that their numbers match
  /// the frames in the JSON.
  ///
  /// ```swift
  /// LayoutJSON.number(433.33333)  // "433.333"
  /// LayoutJSON.number(-0.0001)    // "0"
  /// ```
  public static func number(_ value: Double) -> String { JSONText.number(value) }

  /// A quoted JSON string literal with `"`, `\` and control characters escaped.
  ///
  /// ```swift
  /// LayoutJSON.string("a \"b\"")  // "\"a \\\"b\\\"\""
  /// ```
  public static func string(_ text: String) -> String { JSONText.string(text) }
}
