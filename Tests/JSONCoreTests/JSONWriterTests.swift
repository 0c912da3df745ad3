import Foundation
import Testing

@testable import JSONCore

/// The one JSON escaper.
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

  /// Every ASCII byte, and non-ASCII characters, at every position of a text of up to 22 bytes, after 0–7 bytes
  /// already in the buffer, are escaped exactly when JSON needs it, and the rest of the text is copied around
  /// them.
  @Test(arguments: 0..<18)
  func everyByteInEveryLaneIsEscapedExactlyWhenNeeded(position: Int) throws {
    var wrong: [String] = []
    let characters = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{80}", "ÿ", "😀", "\u{2028}"]
    for character in characters {
      for offset in 0..<8 {
        let text = String(repeating: "a", count: position) + character + "tail"
        var buffer = ByteBuffer(capacity: 4)
        buffer.append(repeating: UInt8(ascii: " "), count: offset)
        JSONWriter.string(text, to: &buffer)
        let json = String(buffer.text.dropFirst(offset))
        let escaped = json.utf8.count != text.utf8.count + 2
        let needed = character.utf8.count == 1 && JSONWriter.needsEscape(character.utf8.first ?? 0)
        if escaped != needed || (try? JSONValue.parse(Array(json.utf8)).string) != text {
          wrong.append("\(character.debugDescription) at \(position), offset \(offset)")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }
}

extension JSONValue {
  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}
