import Foundation
import Testing

@testable import JSONCore

/// The one JSON escaper, and the word-at-a-time scan it keeps because it pays (docs/BENCHMARKS.md).
@Suite struct JSONWriterTests {
  /// `text` as JSONWriter writes it.
  static func encoded(_ text: String?) -> String {
    var buffer = ByteBuffer(capacity: 4)
    JSONWriter.string(text, to: &buffer)
    return buffer.text
  }

  @Test(arguments: 0..<20)
  func anEscapeAtAnyPositionOfAnyWordIsFound(position: Int) throws {
    for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\u{0}", "\r", "\t", "\u{8}", "\u{C}"] {
      let text =
        String(repeating: "é", count: position / 2) + String(repeating: "a", count: position % 2) + special
        + "tail~\u{7F}"
      let json = Self.encoded(text)
      let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? String
      #expect(decoded == text, "\(json)")
      #expect(try JSONValue.parse(Array(json.utf8)).string == text, "our parser reads back what we write")
    }
  }

  @Test(arguments: [
    ("", #""""#), ("plain text of more than eight bytes", #""plain text of more than eight bytes""#),
    ("Grüße 🙂 ~ DEL\u{7F}", "\"Grüße 🙂 ~ DEL\u{7F}\""), ("tab\there", #""tab\there""#),
    ("\u{1}\u{1F} \"q\" \\", #""\u0001\u001f \"q\" \\""#), ("\u{8}\u{C}", #""\u0008\u000c""#),
  ])
  func textsAreEscapedExactlyWhereNeeded(text: String, json: String) {
    #expect(Self.encoded(text) == json)
    #expect(JSONWriter.quoted(text) == json)
  }

  @Test func nilIsNull() {
    #expect(Self.encoded(nil) == "null")
  }

  /// The word-at-a-time scan against the plain byte loop: every byte value, in every lane of a word, after
  /// plain prefixes of 0…17 bytes (so every lane and the 0–7 byte tail), at every alignment of the buffer.
  @Test func theWordScanAgreesWithTheByteLoopForEveryByteLaneAndAlignment() {
    var mismatches = 0
    let storage = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
    for alignment in 0..<8 {
      for prefix in 0..<18 {
        for byte in 0...255 {
          var bytes = storage
          bytes[alignment + prefix] = UInt8(byte)
          let length = alignment + prefix + 1 + 9
          bytes.withUnsafeBufferPointer { all in
            let slice = UnsafeBufferPointer(rebasing: all[alignment..<length])
            let expected = slice.firstIndex(where: JSONWriter.needsEscape) ?? slice.count
            if JSONWriter.plainPrefixLength(slice) != expected { mismatches += 1 }
          }
        }
      }
    }
    #expect(mismatches == 0)
  }

  @Test func lanesAboveAnEscapeDoNotHideIt() {
    // Subtraction borrows can flag lanes after a real hit; the scan must still stop at the first escape.
    for text in ["\u{0}\u{1}abcdefgh", "ab\u{1F}\u{20}\u{21}cdefgh", "abc\"\u{1}\"defghij", "\u{7F}\u{80}\u{FF}\\"] {
      var copy = text
      let expected =
        text.utf8.firstIndex(where: JSONWriter.needsEscape).map {
          text.utf8.distance(from: text.utf8.startIndex, to: $0)
        } ?? text.utf8.count
      #expect(copy.withUTF8(JSONWriter.plainPrefixLength) == expected, "\(text.debugDescription)")
    }
  }
}

extension JSONValue {
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}
