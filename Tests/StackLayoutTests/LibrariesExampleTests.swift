import StackLayout
import Testing

/// docs/LIBRARIES.md's StackLayout example compiles and gives the geometry the page implies.
@Test func librariesExampleLaysOutAtTheRequestedWidth() {
  let card = VStack {
    Text("HI, RUSSELL", font: FontStyle(size: 17, weight: .heavy)).id("headline")
    Spacer(h: 6)
  }.margin(.all(20))
  let result = LayoutEngine().layout(card, width: 390)
  #expect(result.size.width == 390)
  let headline = result.frame(id: "headline")
  #expect(headline?.x == 20)
  #expect(headline?.y == 20)
  #expect(headline?.width == 350)
  // 20 top margin + the label + 6 spacer + 20 bottom margin.
  let expected = 20 + (headline?.height ?? -100) + 6 + 20
  #expect(abs(result.size.height - expected) < 1e-9)
}
