import StackLayout
import StackRender
import StackfeedTestSupport
import Testing

/// A node's accessibility as HTML ARIA attributes and SVG titles; the layout direction as `dir` and alignment.
@Suite("Accessibility in the renderers")
struct AccessibilityRenderingTests {
  @Test func htmlCarriesRolesLabelsHintsAndHiding() {
    let html = HTMLRenderer().render([PairCard.row()], width: 200)
    #expect(html.contains(##"data-id="title" role="heading" aria-level="2" aria-label="Hello, Ann" style="##))
    #expect(html.contains(##"data-id="swatch" aria-hidden="true" style="##))
    #expect(
      html.contains(
        ##"data-action="search" title="search-icon" role="button" tabindex="0" aria-label="Search" "##
          + ##"aria-description="Finds products" style="##))
    #expect(XMLCheck.error(in: html) == nil)
  }

  @Test func svgGroupsALabelledNodeWithItsTitle() throws {
    let svg = try SVGRenderer().render([PairCard.row()], width: 200)
    #expect(svg.contains(##"<g role="heading" aria-level="2" aria-label="Hello, Ann"><title>Hello, Ann</title>"##))
    #expect(
      svg.contains(
        ##"<g role="button" aria-label="Search" aria-description="Finds products"><title>Search</title>"##
          + "<desc>Finds products</desc>"))
    #expect(svg.contains(##"<g aria-hidden="true">"##))
    #expect(XMLCheck.error(in: svg) == nil)
  }

  static let markup: [(Accessibility, String)] = [
    (Accessibility(label: "Open"), ##" role="group" aria-label="Open""##),
    (Accessibility(traits: [.image, .button]), ##" role="button" tabindex="0""##),
    (
      Accessibility(label: "Home", traits: [.link, .selected]),
      ##" role="link" tabindex="0" aria-label="Home" aria-current="true""##
    ),
    (
      Accessibility(label: "Pay", traits: [.button, .notEnabled]),
      ##" role="button" tabindex="0" aria-label="Pay" aria-disabled="true""##
    ),
    (Accessibility(label: "A \"B\"", traits: [.image]), ##" role="img" aria-label="A &quot;B&quot;""##),
    (Accessibility(traits: [.staticText, .summaryElement]), ""),
  ]

  @Test(arguments: markup)
  func traitsMapToARIA(accessibility: Accessibility, attributes: String) {
    let card = Box().height(10).accessibility(accessibility)
    let row = RenderRow(kind: "k", id: "1", layout: LayoutEngine().layout(card, width: 50))
    let html = HTMLRenderer().render([row], width: 50)
    #expect(html.contains(##"<div class="n""## + attributes + ##" style="##))
  }

  @Test func aRightToLeftRowIsMarkedAndItsNaturalTextAlignsRight() throws {
    let html = HTMLRenderer().render([PairCard.row(PairCard.rightToLeft)], width: 200)
    #expect(html.contains(##"<div class="row" data-kind="pair" data-id="p1" dir="rtl" style="##))
    // The Latin label keeps its own direction inside the rtl row, anchored at the right edge.
    #expect(html.contains(##"direction="ltr" text-anchor="end""##))
    let ltr = HTMLRenderer().render([PairCard.row()], width: 200)
    #expect(!ltr.contains("dir=") && !ltr.contains("direction="))
    let svg = try SVGRenderer().render([PairCard.row(PairCard.rightToLeft)], width: 200)
    #expect(svg.contains(##"fill="#000000" direction="ltr" text-anchor="end" letter-spacing="##))
    let text = TextRenderer(columns: 40).render([PairCard.row(PairCard.rightToLeft)], width: 200)
    let line = try #require(text.split(separator: "\n").first { $0.contains("Hello") })
    #expect(line.hasSuffix("Hello │"), "\(text)")
  }
}
