extension JSONParser {
  /// Parses a number per the JSON grammar; values beyond Double's range become ±infinity.
  mutating func parseNumber() throws(JSONSyntaxError) -> Double {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    let integerStart = index
    let digits = consumeDigits()
    guard digits > 0 else { throw failure("invalid number") }
    if digits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw failure("invalid number: leading zero") }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard consumeDigits() > 0 else { throw failure("invalid number: digits expected after '.'") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard consumeDigits() > 0 else { throw failure("invalid number: digits expected in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw failure("invalid number") }
    return value
  }

  /// Parses a string literal with its escapes (surrogate pairs included).
  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(from: runStart, into: &scalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw failure("control character in a string") }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      flush(from: runStart, into: &scalars)
      index += 1
      guard index < bytes.count else { throw failure("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
      default: throw failure("invalid escape in a string")
      }
      runStart = index
    }
  }

  private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let high = try hex4()
    if (0xD800..<0xDC00).contains(high) {
      guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
        return "\u{FFFD}"
      }
      index += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else { return "\u{FFFD}" }
      return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
    }
    return Unicode.Scalar(high) ?? "\u{FFFD}"
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - index >= 4,
      let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
    else { throw failure("invalid \\u escape") }
    index += 4
    return value
  }

  private func flush(from start: Int, into scalars: inout String.UnicodeScalarView) {
    guard start < index else { return }
    scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private mutating func consumeDigits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    return index - start
  }
}
