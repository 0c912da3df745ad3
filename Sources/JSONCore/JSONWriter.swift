/// Writes JSON strings into a ``ByteBuffer`` (RFC 8259 §7): `"`, `\` and control characters are escaped
/// (`\n`, `\r`, `\t`, else `\u00xx`); everything else is copied as UTF-8. The one JSON escaper of the
/// package: the CLI's rows, the layout JSON and the renderers' quoted strings all go through it.
///
///     var out = ByteBuffer(capacity: 64)
///     JSONWriter.string("say \"hi\"\n", to: &out)   // "say \"hi\"\n" with the escapes
public enum JSONWriter {
  /// Appends `text` as a quoted JSON string, or `null` for `nil`.
  public static func string(_ text: String?, to out: inout ByteBuffer) {
    switch text {
    case .some(let text): string(text, to: &out)
    case .none: out.append(literal: "null")
    }
  }

  /// Appends `text` as a quoted JSON string. The text is copied whole, then read byte by byte for one that needs
  /// an escape (most texts have none); from the first one on, it is written again with the escapes. (Reading
  /// the text's own bytes eight at a time through a pointer, before copying them, bought 9 % on `list --format
  /// json`: not enough for unsafe code, docs/BENCHMARKS.md "Unsafe code, measured".)
  public static func string(_ text: borrowing String, to out: inout ByteBuffer) {
    out.append(UInt8(ascii: "\""))
    let start = out.count
    out.append(text)
    if let first = out.firstIndex(from: start, where: needsEscape) {
      out.removeLast(to: first)
      for byte in text.utf8.dropFirst(first - start) {
        if needsEscape(byte) { appendEscape(byte, to: &out) } else { out.append(byte) }
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// `text` as a quoted JSON string.
  public static func quoted(_ text: String) -> String {
    var out = ByteBuffer(capacity: text.utf8.count + 2)
    string(text, to: &out)
    return out.text
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
      out.append(literal: #"\u"#)
      out.append(hex: UInt64(byte), digits: 4)
    }
  }
}
