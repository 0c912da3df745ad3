import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

@Suite("Card-stack renderers")
struct StackRendererTests {
  @Test("each format of a card stack matches its golden file", arguments: SampleStack.allCases)
  func matchesGoldens(stack: SampleStack) {
    let document = stack.document
    golden.check(JSONRenderer().render(document), named: "stack-\(stack.rawValue).json")
    let svg = SVGRenderer().render(document)
    #expect(XMLCheck.error(in: svg) == nil)
    golden.check(svg, named: "stack-\(stack.rawValue).svg")
    let html = HTMLRenderer().render(document)
    #expect(XMLCheck.error(in: html) == nil)
    golden.check(html, named: "stack-\(stack.rawValue).html")
    golden.check(TextRenderer().render(document), named: "stack-\(stack.rawValue).txt")
  }

  @Test("the JSON names the schema, state and content height, and every card's frame")
  func jsonHeader() {
    let json = JSONRenderer().render(SampleStack.collapsed.document)
    #expect(json.hasPrefix(#"{"schema": "stackfeed.stack/1", "state": "collapsed", "contentHeight": 200, "cards": ["#))
    #expect(json.contains(#"{"kind": "feed_item", "id": "1", "frame": {"x": 8, "y": 48, "width": 374, "height": 200}"#))
    #expect(JSONRenderer().render(SampleStack.empty.document).hasSuffix(#""cards": []}"# + "\n"))
  }

  @Test("the SVG is as high as the content and draws the cards back to front, each clipped to its frame")
  func svgOrderAndClipping() throws {
    let svg = SVGRenderer().render(SampleStack.expanded.document)
    #expect(svg.contains(#"width="390" height="624" viewBox="0 0 390 624""#))
    let groups = [
      "translate(8,0)\" clip-path=\"url(#card0)", "translate(8,208)\" clip-path=\"url(#card1)",
      "translate(8,416)\" clip-path=\"url(#card2)",
    ]
    let positions = try groups.map { try #require(svg.range(of: $0)).lowerBound }
    #expect(positions == positions.sorted())
    #expect(svg.contains(#"<clipPath id="card1"><rect width="374" height="200" rx="4"/></clipPath>"#))
  }

  @Test("a card laid out taller than its frame is clipped in the terminal drawing")
  func textClipsTallCards() {
    // A label 300 pt down a card 100 pt high must not show; the one at the top must.
    let tall = VStack {
      Text("TOP")
      Spacer(h: 300)
      Text("HIDDEN")
    }
    let row = RenderRow(kind: "box", id: "tall", layout: SampleFeeds.engine.layout(tall, width: 374))
    let document = StackDocument(
      state: "collapsed", width: 390, contentHeight: 400,
      cards: [StackCard(row: row, frame: Rect(x: 8, y: 0, width: 374, height: 100))])
    let text = TextRenderer().render(document)
    #expect(text.contains("TOP"))
    #expect(!text.contains("HIDDEN"))
    #expect(HTMLRenderer().render(document).contains("overflow:hidden"))
  }

  @Test("a later card covers the one under it in the terminal drawing")
  func textLaterCardsCover() {
    let under = RenderRow(kind: "a", id: "under", layout: SampleFeeds.engine.layout(Text("UNDERNEATH"), width: 374))
    let over = RenderRow(kind: "b", id: "over", layout: SampleFeeds.engine.layout(Text("ON TOP"), width: 374))
    // Both cards at the same frame: only the later one's label is visible.
    let frame = Rect(x: 8, y: 0, width: 374, height: 100)
    let document = StackDocument(
      state: "collapsed", width: 390, contentHeight: 100,
      cards: [StackCard(row: under, frame: frame), StackCard(row: over, frame: frame)])
    let text = TextRenderer().render(document)
    #expect(text.contains("ON TOP"))
    #expect(!text.contains("UNDERNEATH"))
    #expect(text.hasPrefix("▸ stack collapsed · 2 cards · content 100 pt\n"))
  }
}
