import Testing

@testable import StackRender

@Suite("XML escaping")
struct XMLTextTests {
  @Test("markup characters become entities")
  func escapesMarkup() {
    #expect(
      XMLText.escaped(#"<a href="x">Tom & 'Jerry'</a>"#)
        == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;")
  }

  @Test("plain text and non-ASCII text pass through unchanged")
  func keepsPlainText() {
    #expect(XMLText.escaped("IT'S") == "IT&apos;S")
    #expect(XMLText.escaped("Grüße, 東京 🙂\tok\n") == "Grüße, 東京 🙂\tok\n")
  }

  @Test("characters XML forbids become the replacement character")
  func replacesForbiddenCharacters() {
    #expect(XMLText.escaped("a\u{0}b\u{1B}c\u{FFFE}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
  }
}
