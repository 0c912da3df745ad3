/// Writes JSON strings into a ``ByteBuffer`` (RFC 8259 §7): `"`, `\` and control characters are escaped
/// (`\n`, `\r`, `\t`, else `\u00xx`); everything else is copied as UTF-8. The one JSON escaper of the
/// package: the CLI's rows, the layout JSON and the renderers' quoted strings all go through it.
///
///     var out = ByteBuffer(capacity: 64)
///     JSONWriter.string("say \"hi\"\n", to: &out)   // "say \"hi\"\n" with the escapes
public enum JSONWriter {
  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends `text` as a quoted JSON string, or `null` for `nil`.
  public static func string(_ text: String?, to out: inout ByteBuffer) {
    switch text {
    case .some(let text): string(text, to: &out)
    case .none: out.append(literal: "null")
    }
  }

  /// Appends `text` as a quoted JSON string.
  public static func string(_ text: borrowing String, to out: inout ByteBuffer) {
    out.append(UInt8(ascii: "\""))
    // Native and small strings are read in place (a `var` copy for `withUTF8` cost a retain and a release per
    // string, docs/BENCHMARKS.md "Reads"); only a string without contiguous UTF-8 is copied.
    if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &out) }) == nil {
      var copy = copy text
      copy.withUTF8 { appendEscaped($0, to: &out) }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Appends `utf8` with the escapes, without quotes: runs of plain bytes are copied in one go; only quotes,
  /// backslashes and control characters are escaped.
  private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout ByteBuffer) {
    let plain = plainPrefixLength(utf8)
    guard plain < utf8.count else { return out.append(utf8) }
    var runStart = 0
    for index in plain..<utf8.count {
      let byte = utf8[index]
      guard needsEscape(byte) else { continue }
      out.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
      appendEscape(byte, to: &out)
      runStart = index + 1
    }
    out.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
  }

  /// `text` as a quoted JSON string.
  public static func quoted(_ text: String) -> String {
    var out = ByteBuffer(capacity: text.utf8.count + 2)
    string(text, to: &out)
    return out.text
  }

  /// How many leading bytes of `utf8` need no escape. Eight bytes at a time, read unaligned: in each 64-bit
  /// word, a byte below 0x20, a quote or a backslash sets the high bit of its lane (Anderson, "Bit Twiddling
  /// Hacks": hasless, haszero); the word with such a lane, and the last 0–7 bytes, are finished byte by byte.
  /// It pays: `list --format json` runs 5% more instructions with a plain byte loop (docs/BENCHMARKS.md);
  /// `JSONWriterTests` checks every byte value in every lane at every alignment against that loop.
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

  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private static func appendEscape(_ byte: UInt8, to out: inout ByteBuffer) {
    switch byte {
    case UInt8(ascii: "\""): out.append(literal: #"\""#)
    case UInt8(ascii: "\\"): out.append(literal: #"\\"#)
    case UInt8(ascii: "\n"): out.append(literal: #"\n"#)
    case UInt8(ascii: "\r"): out.append(literal: #"\r"#)
    case UInt8(ascii: "\t"): out.append(literal: #"\t"#)
    default:
      out.append(literal: #"\u00"#)
      out.append(hex[Int(byte >> 4)])
      out.append(hex[Int(byte & 0xF)])
    }
  }
}
