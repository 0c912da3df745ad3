import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

/// Light/dark pairs drawn for the rows' scheme, and the HTML page that follows the browser's.
@Suite("Colour schemes in the renderers")
struct SchemeRenderingTests {
  @Test func svgDrawsEachPairsHalfForTheRowsScheme() throws {
    let light = try SVGRenderer(background: .pair(light: .white(0.95), dark: .black)).render(
      [PairCard.row()], width: 200)
    let dark = try SVGRenderer(background: .pair(light: .white(0.95), dark: .black)).render(
      [PairCard.row(PairCard.dark)], width: 200)
    #expect(light.contains(##"fill="#F2F2F2"/>"##) && dark.contains(##"fill="#000000"/>"##))
    #expect(light.contains(##"fill="#FFFFFF"/>"##) && dark.contains(##"fill="#1C1C1E"/>"##))
    #expect(light.contains(##"fill="#FF0000"/>"##) && dark.contains(##"fill="#FF9900"/>"##))
    #expect(light.contains(##"font-weight="800" fill="#000000""##))
    #expect(dark.contains(##"font-weight="800" fill="#FFFFFF""##))
    #expect(XMLCheck.error(in: dark) == nil)
  }

  @Test func htmlWritesTheResolvedColoursOfAForcedScheme() {
    let renderer = HTMLRenderer(background: .pair(light: .white(0.95), dark: .black))
    let light = renderer.render([PairCard.row()], width: 200)
    let dark = renderer.render([PairCard.row(PairCard.dark)], width: 200)
    #expect(light.contains("body{margin:0;background:#F2F2F2}") && dark.contains("body{margin:0;background:#000000}"))
    #expect(dark.contains("background-color:#1C1C1E") && dark.contains("background-color:#FF9900"))
    #expect(dark.contains(##"fill="#FFFFFF""##))
    for html in [light, dark] {
      #expect(!html.contains("prefers-color-scheme") && !html.contains("var(--"))
      #expect(XMLCheck.error(in: html) == nil)
    }
  }

  @Test func htmlFollowingTheSystemWritesBothColoursOfEveryPair() {
    let renderer = HTMLRenderer(background: .pair(light: .white(0.95), dark: .black), followsSystemScheme: true)
    let html = renderer.render([PairCard.row(), PairCard.row()], width: 200)
    #expect(html.contains(":root{color-scheme:light dark}"))
    #expect(html.contains(":root{--page:#F2F2F2}\n@media (prefers-color-scheme:dark){:root{--page:#000000}}"))
    #expect(html.contains("body{margin:0;background:var(--page)}"))
    let panel = "<style>:root{--c1:#FFFFFF}@media (prefers-color-scheme:dark){:root{--c1:#1C1C1E}}</style>"
    #expect(html.components(separatedBy: panel).count == 2, "each pair is defined once per page")
    #expect(html.contains("background-color:var(--c1)"))
    #expect(html.contains(##"style="fill:var(--c2)""##))
    #expect(html.contains("--c3:#FF0000}@media (prefers-color-scheme:dark){:root{--c3:#FF9900}"))
    #expect(XMLCheck.error(in: html) == nil)
  }

  @Test func plainColoursAreWrittenAsTheyAreWhenFollowingTheSystem() {
    let card = Box(background: Color(red: 1, green: 0, blue: 0)).height(10)
    let row = RenderRow(kind: "k", id: "1", layout: LayoutEngine().layout(card, width: 50))
    let html = HTMLRenderer(followsSystemScheme: true).render([row], width: 50)
    #expect(html.contains("background-color:#FF0000") && !html.contains("--c1"))
    #expect(html.contains("body{margin:0;background:#F2F2F2}"))
  }

  @Test func aStackIsDrawnForItsCardsScheme() throws {
    let cards = [StackCard(row: PairCard.row(PairCard.dark), frame: Rect(x: 0, y: 0, width: 200, height: 80))]
    let stack = StackDocument(state: "collapsed", width: 200, contentHeight: 80, cards: cards)
    let svg = SVGRenderer(background: .pair(light: .white(0.95), dark: .black)).render(stack)
    #expect(svg.contains(##"stroke="#38383A""##) && svg.contains(##"fill="#1C1C1E"/>"##))
    let html = HTMLRenderer(background: .pair(light: .white(0.95), dark: .black)).render(stack)
    #expect(html.contains("outline:1px solid #38383A") && html.contains("background:#000000;border-radius"))
  }
}
