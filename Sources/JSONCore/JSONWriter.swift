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

  /// Appends `text` as a quoted JSON string: its bytes copied whole, then escaped where they need it
  /// (``escape(writtenFrom:in:)``).
  public static func string(_ text: borrowing String, to out: inout ByteBuffer) {
    out.append(UInt8(ascii: "\""))
    let start = out.count
    out.append(text)
    escape(writtenFrom: start, in: &out)
    out.append(UInt8(ascii: "\""))
  }

  /// Escapes the UTF-8 text written into `out` from `start` on, as a JSON string's content (without its quotes):
  /// the bytes are read for one that needs an escape (most texts have none; ``firstEscape(in:from:)``), and from
  /// the first one on they are written again with the escapes. So a text is written straight where it goes — a
  /// `String`, or a formatter's output (the server's feed rows, from the database's bytes) — and escaped there.
  public static func escape(writtenFrom start: Int, in out: inout ByteBuffer) {
    guard let first = firstEscape(in: out, from: start) else { return }
    let rest = out.bytes(from: first)
    out.removeLast(to: first)
    for byte in rest {
      if needsEscape(byte) { appendEscape(byte, to: &out) } else { out.append(byte) }
    }
  }

  /// `text` as a quoted JSON string.
  public static func quoted(_ text: String) -> String {
    var out = ByteBuffer(capacity: text.utf8.count + 2)
    string(text, to: &out)
    return out.text
  }

  /// The index of the first byte written at or after `start` that ``needsEscape(_:)`` (or, rarely, a byte before
  /// it), if any: eight bytes at a time (the buffer's ``ByteBuffer/word(at:)``), each byte's top bit set in a mask
  /// when it is below 0x20 or, XOR-ed with `"` or `\`, zero — the "has a byte less than" test (Sean Eron Anderson,
  /// "Bit Twiddling Hacks"). The last 1–7 bytes are read as the word that ends with them, the bytes before them
  /// masked out. A match marks its own byte and, by a borrow, maybe a later one, never an earlier one: the lowest
  /// mark is the first byte to escape, or, borrowed from a masked byte, one before it, from which the text is
  /// written again all the same. About 1.5 instructions a byte against 6 read one by one (docs/BENCHMARKS.md, "The
  /// render page under its budget").
  static func firstEscape(in out: borrowing ByteBuffer, from start: Int) -> Int? {
    var index = start
    while index + 8 <= out.count {
      let marks = escapeMarks(out.word(at: index))
      if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
      index += 8
    }
    guard index < out.count else { return nil }
    guard out.count >= 8 else { return out.firstIndex(from: index, where: needsEscape) }
    let checked = 8 - (out.count - index)
    let marks = escapeMarks(out.word(at: out.count - 8)) >> UInt64(8 * checked)
    return marks == 0 ? nil : index + marks.trailingZeroBitCount / 8
  }

  /// The top bit of each byte of `word` that is below 0x20, `"` or `\` set, and maybe of bytes after one of those.
  private static func escapeMarks(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let below = (word &- ones &* 0x20) & ~word
    return (below | (quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & (ones &* 0x80)
  }

  /// Whether a string's `byte` is written escaped: a control character, `"` or `\`.
  public static func needsEscape(_ byte: UInt8) -> Bool {
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
