/// Number and string formatting shared by the JSON writers.
enum JSONText {
  /// A number rounded to 3 decimals, without trailing zeros and never `-0`; non-finite values become 0.
  /// Values of 1e15 and beyond carry no decimals and are written as they are (scaling them by 1000
  /// could overflow to infinity, which JSON cannot hold).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = abs(value) < 1e15 ? (value * 1000).rounded() / 1000 : value
    if rounded == 0 { return "0" }
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
    return String(rounded)
  }

  /// A quoted JSON string with `"`, `\` and control characters escaped.
  static func string(_ text: String) -> String {
    // Most texts need no escape: quote them in one go instead of scalar by scalar.
    var plain = text
    let needsEscape = plain.withUTF8 { bytes in
      bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }
    guard needsEscape else { return "\"" + text + "\"" }
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
