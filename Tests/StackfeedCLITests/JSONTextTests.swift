import Foundation
import Testing

@testable import StackfeedCLI

@Suite struct JSONTextTests {
  /// `text` encoded by JSONText, as a string.
  static func encoded(_ text: String?) -> String {
    var buffer = ByteBuffer(capacity: 4)
    JSONText.append(text, to: &buffer)
    return buffer.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  @Test(arguments: 0..<20)
  func anEscapeAtAnyPositionOfAnyWordIsFound(position: Int) throws {
    for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}"] {
      let text =
        String(repeating: "é", count: position / 2) + String(repeating: "a", count: position % 2) + special
        + "tail~\u{7F}"
      let json = Self.encoded(text)
      let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? String
      #expect(decoded == text, "\(json)")
    }
  }

  @Test(arguments: [
    ("", #""""#), ("plain text of more than eight bytes", #""plain text of more than eight bytes""#),
    ("Grüße 🙂 ~ DEL\u{7F}", "\"Grüße 🙂 ~ DEL\u{7F}\""), ("tab\there", #""tab\there""#),
  ])
  func textsWithoutSpecialBytesAreCopiedAsTheyAre(text: String, json: String) {
    #expect(Self.encoded(text) == json)
  }

  @Test func nilIsNull() {
    #expect(Self.encoded(nil) == "null")
  }

  @Test func aBufferGrowsPastItsFirstCapacityKeepingEveryByte() {
    var buffer = ByteBuffer(capacity: 1)
    let text = String(repeating: "0123456789", count: 1000)
    for _ in 0..<3 { buffer.append(text) }
    buffer.append(UInt8(ascii: "!"))
    #expect(buffer.count == 30_001)
    #expect(buffer.withBytes { String(decoding: $0, as: UTF8.self) } == String(repeating: text, count: 3) + "!")
  }
}
