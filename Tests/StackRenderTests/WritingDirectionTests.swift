import StackLayout
import Testing

@testable import StackRender

/// A label's text keeps its own base direction (the first strong letter's), whatever the layout direction;
/// natural alignment follows the layout.
@Suite("Writing direction of labels")
struct WritingDirectionTests {
  @Test(arguments: [
    ("THE FUTURE IS FUNCTIONAL", LayoutDirection.leftToRight),
    ("שלום עולם", .rightToLeft),
    ("مرحبا", .rightToLeft),
    ("12 שקל", .rightToLeft),
    ("… 3 Items", .leftToRight),
    ("Shop שלום", .leftToRight),
    ("+3", .leftToRight),
    ("", .leftToRight),
  ])
  func firstStrongLetterDecides(text: String, direction: LayoutDirection) {
    #expect(WritingDirection.of(text) == direction)
  }

  /// (text, layout direction, the `<text>` element's direction and anchor attributes).
  @Test(arguments: [
    ("Hello", LayoutDirection.leftToRight, ##" font-weight="400" fill="#000000" letter-spacing"##),
    ("Hello", .rightToLeft, ##" fill="#000000" direction="ltr" text-anchor="end" letter-spacing"##),
    ("שלום", .rightToLeft, ##" fill="#000000" direction="rtl" letter-spacing"##),
    ("שלום", .leftToRight, ##" fill="#000000" direction="rtl" text-anchor="end" letter-spacing"##),
  ])
  func svgTextSaysItsOwnDirection(text: String, layout: LayoutDirection, attributes: String) throws {
    var engine = LayoutEngine(measurer: StandardTextMeasurer())
    engine.traits = Traits(direction: layout)
    let card = Text(text, font: FontStyle(size: 17, weight: .regular)).id("label")
    let row = RenderRow(kind: "k", id: "1", layout: engine.layout(card, width: 100))
    let svg = try SVGRenderer().render([row], width: 100)
    #expect(svg.contains(attributes), "\(svg)")
  }
}
