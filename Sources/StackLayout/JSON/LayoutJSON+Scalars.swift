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
    var out = ByteBuffer(capacity: 24)
    append(number: value, to: &out)
    return out.text
  }

  /// Appends `value` as ``number(_:)`` writes it, with JSONCore's digit writer: below 10¹² (every size a
  /// layout has) as whole thousandths, whose shortest decimal form is the number rounded to 3 decimals.
  /// Beyond, where a `Double` no longer holds every thousandth, as its own shortest form (`Double.description`).
  public static func append(number value: Double, to out: inout ByteBuffer) {
    guard value.isFinite else { return out.append(UInt8(ascii: "0")) }
    if abs(value) < 1e12 { return out.append(thousandths: roundedThousandths(value)) }
    let rounded = abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return out.append(decimal: Int(rounded)) }
    out.append(String(rounded))
  }

  /// `value` in thousandths rounded half away from zero, as `(value * 1000).rounded()`, for `abs(value) < 1e12`:
  /// the scaled value less its whole part is exact below 2⁵³, so comparing that rest with ½ rounds the same
  /// without a call to the C library's `round` (which `rounded()` is on x86-64's baseline instruction set).
  @inline(__always) static func roundedThousandths(_ value: Double) -> Int {
    let scaled = value * 1000
    let whole = Int(scaled)
    let rest = scaled - Double(whole)
    return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
  }

  /// A quoted JSON string literal with `"`, `\` and control characters escaped.
  ///
  /// ```swift
  /// LayoutJSON.string("a \"b\"")  // "\"a \\\"b\\\"\""
  /// ```
  public static func string(_ text: String) -> String { JSONWriter.quoted(text) }
}
