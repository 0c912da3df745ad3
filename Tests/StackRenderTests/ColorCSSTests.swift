import StackLayout
import Testing

@testable import StackRender

@Suite("Colours and weights for CSS and SVG")
struct ColorCSSTests {
  @Test("opaque colours are #RRGGBB; translucent ones rgba with 8-bit channels")
  func writesCSSColours() {
    #expect(Color(red: 46 / 255, green: 142 / 255, blue: 215 / 255).css == "#2E8ED7")
    // Components are stored in 8 bits: alpha 0.95 is 242 / 255 = 0.94902.
    #expect(Color.white(0.15, alpha: 0.95).css == "rgba(38,38,38,0.949)")
    #expect(Color.black.withAlpha(0.8).css == "rgba(0,0,0,0.8)")
    #expect(Color.clear.css == "rgba(0,0,0,0)")
  }

  @Test("the SVG paint drops the alpha, which goes into an opacity attribute")
  func dropsAlphaForPaint() {
    #expect(Color.white(0.95).rgbHex == "#F2F2F2")
    #expect(Color.black.withAlpha(0.8).rgbHex == "#000000")
  }

  @Test(
    "font weights map to CSS numbers",
    arguments: [
      (FontWeight.ultraLight, 100), (.thin, 200), (.light, 300), (.regular, 400), (.medium, 500), (.semibold, 600),
      (.bold, 700), (.heavy, 800), (.black, 900),
    ])
  func mapsWeights(weight: FontWeight, css: Int) {
    #expect(weight.cssWeight == css)
  }
}
