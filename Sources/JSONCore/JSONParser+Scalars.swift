extension JSONParser {
  /// Parses a number per the JSON grammar. Whole values that fit in 64 bits are integers (`2`, and like
  /// Foundation's decoder, `2.0` and `2e0`); others are doubles (beyond `Double`'s range: ±infinity).
  mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    let negative = peek(UInt8(ascii: "-"))
    if negative { index += 1 }
    let integerStart = index
    var magnitude: UInt64 = 0
    var overflow = false
    while index < bytes.count, let digit = Self.digit(bytes[index]) {
      let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
      magnitude = sum
      overflow = overflow || o1 || o2
      index += 1
    }
    guard index > integerStart else { throw failure("invalid number") }
    if index - integerStart > 1 && bytes[integerStart] == UInt8(ascii: "0") {
      throw failure("invalid number: leading zero")
    }
    var isWhole = true
    if peek(UInt8(ascii: ".")) {
      isWhole = false
      index += 1
      guard consumeDigits() > 0 else { throw failure("invalid number: digits expected after '.'") }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      isWhole = false
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard consumeDigits() > 0 else { throw failure("invalid number: digits expected in the exponent") }
    }
    if isWhole && !overflow {
      if !negative, let value = Int64(exactly: magnitude) { return .integer(value) }
      if negative, magnitude <= UInt64(Int64.max) + 1 { return .integer(Int64(truncatingIfNeeded: 0 &- magnitude)) }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw failure("invalid number")
    }
    if let whole = Int64(exactly: value) { return .integer(whole) }
    return .number(value)
  }

  /// Parses a string literal with its escapes (surrogate pairs included). The text must be valid UTF-8.
  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    var decoded: String?
    var runStart = index
    var ascii = true
    while true {
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let run = try text(from: runStart, ascii: ascii)
        index += 1
        guard var decoded else { return run }
        decoded += run
        return decoded
      }
      if byte < 0x20 { throw failure("control character in a string") }
      if byte >= 0x80 { ascii = false }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      var text = decoded ?? ""
      text += try self.text(from: runStart, ascii: ascii)
      index += 1
      guard index < bytes.count else { throw failure("unterminated string") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): text += "\""
      case UInt8(ascii: "\\"): text += "\\"
      case UInt8(ascii: "/"): text += "/"
      case UInt8(ascii: "b"): text += "\u{8}"
      case UInt8(ascii: "f"): text += "\u{C}"
      case UInt8(ascii: "n"): text += "\n"
      case UInt8(ascii: "r"): text += "\r"
      case UInt8(ascii: "t"): text += "\t"
      case UInt8(ascii: "u"): text.unicodeScalars.append(try unicodeEscape())
      default: throw failure("invalid escape in a string")
      }
      decoded = text
      runStart = index
      ascii = true
    }
  }

  /// The bytes from `start` to the current position as text; refuses invalid UTF-8.
  private func text(from start: Int, ascii: Bool) throws(JSONSyntaxError) -> String {
    let run = bytes[start..<index]
    if ascii { return String(decoding: run, as: UTF8.self) }
    guard let text = String(validating: run, as: UTF8.self) else {
      throw failure(.malformed("invalid UTF-8 in a string"), at: start)
    }
    return text
  }

  /// The scalar of `\uXXXX` (the `\u` already read), or of a `\uD8xx\uDCxx` surrogate pair.
  private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let escapeStart = index - 2
    let high = try hex4()
    guard (0xD800..<0xE000).contains(high) else {
      guard let scalar = Unicode.Scalar(high) else { throw failure("invalid \\u escape") }
      return scalar
    }
    guard high < 0xDC00, peek(UInt8(ascii: "\\")), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
    else { throw failure(.malformed("invalid \\u escape: a lone surrogate"), at: escapeStart) }
    index += 2
    let low = try hex4()
    guard (0xDC00..<0xE000).contains(low),
      let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    else { throw failure(.malformed("invalid \\u escape: a lone surrogate"), at: escapeStart) }
    return scalar
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw failure("invalid \\u escape") }
    var value: UInt32 = 0
    for byte in bytes[index..<(index + 4)] {
      guard let digit = Self.hexDigit(byte) else { throw failure("invalid \\u escape") }
      value = value << 4 | digit
    }
    index += 4
    return value
  }

  private static func digit(_ byte: UInt8) -> UInt8? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
  }

  private static func hexDigit(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private mutating func consumeDigits() -> Int {
    let start = index
    while index < bytes.count, Self.digit(bytes[index]) != nil { index += 1 }
    return index - start
  }
}
