import FeedModels
import Testing

@testable import FeedViewModels

@Suite struct FeedItemViewModelTests {
  @Test func referenceItemGivesTheReferenceTexts() {
    let item = FeedItem(
      id: "a", title: "The future is functional", subtitle: "Get after your goals in new Apex", tag: "new releases",
      image: "functional-male")
    let model = FeedItemViewModel(item: item)
    #expect(model.id == "a")
    #expect(model.title == "THE FUTURE IS FUNCTIONAL")
    #expect(model.subtitle == "Get after your goals in new Apex")
    #expect(model.tag == "NEW RELEASES")
    #expect(model.image == "functional-male")
  }

  @Test(arguments: [
    ("Crème brûlée", "CRÈME BRÛLÉE"),
    ("Große Straße", "GROSSE STRASSE"),
    ("Fire 🔥 sale", "FIRE 🔥 SALE"),
    ("istanbul", "ISTANBUL"),
    ("ǆ digraph", "Ǆ DIGRAPH"),
  ])
  func titleAndTagAreUpperCasedForAnyScript(text: String, expected: String) {
    let model = FeedItemViewModel(item: FeedItem(id: "x", title: text, subtitle: text, tag: text, image: nil))
    #expect(model.title == expected)
    #expect(model.tag == expected)
    #expect(model.subtitle == text)
  }

  @Test func absentSubtitleTagAndImageStayAbsent() {
    let model = FeedItemViewModel(item: FeedItem(id: "x", title: "Press reset", subtitle: nil, tag: nil, image: nil))
    #expect(model.subtitle == nil)
    #expect(model.tag == nil)
    #expect(model.image == nil)
  }

  @Test func emptySubtitleTagAndImageCountAsAbsent() {
    let model = FeedItemViewModel(item: FeedItem(id: "x", title: "", subtitle: "", tag: "", image: ""))
    #expect(model.title == "")
    #expect(model.subtitle == nil)
    #expect(model.tag == nil)
    #expect(model.image == nil)
  }
}

@Suite struct UppercasingTests {
  @Test(arguments: [
    ("", ""), ("press reset", "PRESS RESET"), ("a-z_{}`@[ 09~", "A-Z_{}`@[ 09~"), ("istanbul", "ISTANBUL"),
    ("Große Straße", "GROSSE STRASSE"), ("ǆemal", "ǄEMAL"), ("abc\u{301}", "ABC\u{301}"),
  ])
  func asciiAndOtherTextsUpperCaseLikeUnicodeFullMapping(text: String, expected: String) {
    let item = FeedItem(id: "1", title: text, subtitle: nil, tag: text, image: nil)
    #expect(FeedItemViewModel(item: item).title == expected)
    #expect(FeedItemViewModel(item: item).tag == (expected.isEmpty ? nil : expected))
  }
}

/// The ASCII fast path writes into uninitialized string memory (kept because it pays, docs/BENCHMARKS.md): its
/// edges against the standard library's `uppercased()`.
@Suite struct UppercasingFastPathTests {
  @Test func everyASCIIByteUpperCasesLikeTheStandardLibrary() {
    for byte in UInt8(0)..<0x80 {
      let text = String(decoding: [UInt8(ascii: "a"), byte, UInt8(ascii: "z")], as: UTF8.self)
      #expect(text.feedUppercased() == text.uppercased(), "byte \(byte)")
    }
  }

  /// The text is upper-cased eight bytes at a time, the last eight overlapping the word before them: every ASCII
  /// byte in every position (every lane of a word, the overlapped lanes, the bytes of a text too short for a
  /// word), with and without a prefix; a non-ASCII character in every position falls back to `uppercased()`.
  @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 23])
  func everyASCIIByteInEveryPositionUpperCasesLikeTheStandardLibrary(length: Int) {
    var wrong: [String] = []
    for position in 0..<length {
      for byte in UInt8(0)..<0x80 {
        var bytes = Array(repeating: UInt8(ascii: "q"), count: length)
        bytes[position] = byte
        if !Self.upperCasesLikeTheStandardLibrary(String(decoding: bytes, as: UTF8.self)) {
          wrong.append("byte \(byte) at \(position)")
        }
      }
      var mixed = Array(repeating: Character("q"), count: length)
      mixed[position] = "é"
      if !Self.upperCasesLikeTheStandardLibrary(String(mixed)) {
        wrong.append("é at \(position)")
      }
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }

  static func upperCasesLikeTheStandardLibrary(_ text: String) -> Bool {
    text.feedUppercased() == text.uppercased() && text.feedUppercased(after: "It's ") == ("It's " + text).uppercased()
  }

  /// Lengths around the small-string limit (15 bytes inline) and beyond; control characters; one non-ASCII
  /// byte at the start, middle or end switches to the full mapping.
  @Test(arguments: [0, 1, 7, 8, 14, 15, 16, 17, 31, 32, 33, 1_000])
  func everyLengthKeepsEveryByte(length: Int) {
    let ascii = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x01 + $0 % 0x7E))) })
    #expect(ascii.feedUppercased() == ascii.uppercased())
    #expect(ascii.feedUppercased().utf8.count == length)
    for position in Set([0, length / 2, length]) {
      var mixed = Array(ascii)
      mixed.insert("ß", at: position)
      let text = String(mixed)
      #expect(text.feedUppercased() == text.uppercased())
    }
  }

  /// With a prefix the bytes of both are upper-cased in one pass; a non-ASCII byte in either falls back to
  /// `(prefix + text).uppercased()`.
  @Test(arguments: [
    ("It's ", "fufilled"), ("It's ", ""), ("", "fufilled"), ("it's ", "größe"), ("ßo ", "plain"),
    ("It's ", "📦 packed"), ("It's ", String(repeating: "long status ", count: 5)), ("a", "\u{1}z{~"),
  ])
  func prefixAndTextUpperCaseLikeTheirJoin(prefix: String, text: String) {
    #expect(text.feedUppercased(after: prefix) == (prefix + text).uppercased())
  }
}
