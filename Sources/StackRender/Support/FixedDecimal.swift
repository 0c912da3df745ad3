/// Formats numbers with at most three decimals, the way every renderer writes them.
///
/// Rounds half away from zero to 0.001, drops trailing zeros, never writes `-0`, exponents or
/// non-finite values (those become `0`), so the output is stable across platforms:
///
/// ```swift
/// FixedDecimal.string(433.33333)  // "433.333"
/// FixedDecimal.string(390)        // "390"
/// FixedDecimal.string(-0.0001)    // "0"
/// ```
enum FixedDecimal {
  /// The largest magnitude written; larger values are clamped (layout lengths stay far below it).
  static let limit = 1e12

  /// `value` rounded to 0.001 and written without trailing zeros.
  static func string(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let clamped = min(max(value, -limit), limit)
    let thousandths = Int64((clamped * 1000).rounded(.toNearestOrAwayFromZero))
    guard thousandths != 0 else { return "0" }
    let magnitude = thousandths.magnitude
    let whole = magnitude / 1000
    var fraction = magnitude % 1000
    var text = thousandths < 0 ? "-\(whole)" : "\(whole)"
    guard fraction != 0 else { return text }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let padded = String(fraction)
    text += "." + String(repeating: "0", count: digits - padded.count) + padded
    return text
  }
}
