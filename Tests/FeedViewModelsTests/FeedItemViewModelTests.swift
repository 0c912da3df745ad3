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
