import FeedModels
import FeedViewModels
import JSONCore
import Testing

/// The formatters write the same text into a `String` and into a byte buffer, from a `String` or from UTF-8 bytes.
@Suite struct TextOutputTests {
  /// ASCII (every byte from 0x00 to 0x7f among them), mixed and other scripts, texts that change length when
  /// upper-cased.
  static let texts = [
    "", "press reset", "a-z_{}`@[ 09~", String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self), "istanbul",
    "Große Straße", "ǆemal", "abc\u{301}", "Crème brûlée", "Fire 🔥 sale", "ﬁnal ŉ", "\"quoted\" \\ and\n\t",
  ]

  @Test(arguments: texts)
  func upperCasingUTF8BytesIsStringsUppercased(text: String) {
    let bytes = Array(text.utf8)
    var string = ""
    string.writeUppercased(utf8: bytes.span)
    var buffer = ByteBuffer(capacity: 16)
    buffer.writeUppercased(utf8: bytes.span)
    #expect(string == text.uppercased())
    #expect(buffer.bytes == Array(text.uppercased().utf8))
  }

  @Test(arguments: texts)
  func eachFeedItemFormatterWritesItsStringFormsBytes(text: String) {
    let model = FeedItemViewModel(item: FeedItem(id: "1", title: text, subtitle: text, tag: text, image: text))
    func bytes(_ write: (inout ByteBuffer) -> Bool) -> [UInt8]? {
      var buffer = ByteBuffer(capacity: 16)
      return write(&buffer) ? buffer.bytes : nil
    }
    let title = bytes {
      FeedItemViewModel.title(text, to: &$0)
      return true
    }
    #expect(title == Array(model.title.utf8))
    #expect(bytes { FeedItemViewModel.subtitle(text, to: &$0) } == model.subtitle.map { Array($0.utf8) })
    #expect(bytes { FeedItemViewModel.tag(text, to: &$0) } == model.tag.map { Array($0.utf8) })
    #expect(bytes { FeedItemViewModel.image(text, to: &$0) } == model.image.map { Array($0.utf8) })
    #expect(bytes { FeedItemViewModel.tag(String?.none, to: &$0) } == nil)
  }
}
