/// JSON string encoding into a byte buffer (RFC 8259 §7): quotes, backslashes and control characters are
/// escaped; everything else is copied as UTF-8.
enum JSONText {
  private static let hex = Array("0123456789abcdef".utf8)

  /// Appends literal JSON bytes (a fixed key or punctuation) with one copy.
  static func raw(_ literal: StaticString, to bytes: inout ByteBuffer) {
    literal.withUTF8Buffer { bytes.append($0) }
  }

  /// Appends `"text"`, or `null` for `nil`.
  static func append(_ text: String?, to bytes: inout ByteBuffer) {
    guard var text else {
      JSONText.raw("null", to: &bytes)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    text.withUTF8 { utf8 in
      // Copy runs of plain bytes in one go; only quotes, backslashes and control characters are escaped.
      let plain = plainPrefixLength(utf8)
      guard plain < utf8.count else { return bytes.append(utf8) }
      var runStart = 0
      for index in plain..<utf8.count {
        let byte = utf8[index]
        guard needsEscape(byte) else { continue }
        bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(byte, to: &bytes)
        runStart = index + 1
      }
      bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// How many leading bytes of `utf8` need no escape. Eight bytes at a time: in each 64-bit word, a byte below
  /// 0x20, a quote or a backslash sets the high bit of its lane (Anderson, "Bit Twiddling Hacks": hasless,
  /// haszero); a word with such a lane is finished byte by byte.
  static func plainPrefixLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = utf8.baseAddress else { return 0 }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var offset = 0
    while offset + 8 <= utf8.count {
      let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
      let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
      let control = (word &- ones &* 0x20) & ~word
      let special = control | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
      if special & highs != 0 { break }
      offset += 8
    }
    while offset < utf8.count, !needsEscape(utf8[offset]) { offset += 1 }
    return offset
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static func appendEscape(_ byte: UInt8, to bytes: inout ByteBuffer) {
    switch byte {
    case UInt8(ascii: "\""): raw(#"\""#, to: &bytes)
    case UInt8(ascii: "\\"): JSONText.raw(#"\\"#, to: &bytes)
    case UInt8(ascii: "\n"): JSONText.raw(#"\n"#, to: &bytes)
    case UInt8(ascii: "\r"): JSONText.raw(#"\r"#, to: &bytes)
    case UInt8(ascii: "\t"): JSONText.raw(#"\t"#, to: &bytes)
    default:
      JSONText.raw(#"\u00"#, to: &bytes)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}
