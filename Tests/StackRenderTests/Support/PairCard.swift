import StackLayout
import StackRender

/// A card of light/dark pairs and accessibility, laid out for any traits (width 200): a white/near-black
/// panel holding a black/white title (a header), a red/orange swatch (hidden from assistive technologies) and
/// a search button labelled "Search" with a hint.
enum PairCard {
  static let panel = Color.pair(light: .white, dark: Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255))
  static let ink = Color.pair(light: .black, dark: .white)
  static let swatch = Color.pair(light: Color(red: 1, green: 0, blue: 0), dark: Color(red: 1, green: 0.6, blue: 0))

  static var card: VStack {
    VStack(spacing: 4) {
      Text("Hello", font: FontStyle(size: 17, weight: .heavy), color: ink).id("title")
        .accessibility(label: "Hello, Ann", traits: [.header])
      Box(background: swatch).height(6).id("swatch").accessibility(label: nil, hidden: true)
      Image("search-icon").square(20).id("search").action("search")
        .accessibility(label: "Search", hint: "Finds products", traits: [.button])
    }
    .margin(.all(10)).background(panel).id("panel")
  }

  static func row(_ traits: Traits = .default) -> RenderRow {
    var engine = LayoutEngine(measurer: StandardTextMeasurer())
    engine.traits = traits
    return RenderRow(kind: "pair", id: "p1", layout: engine.layout(card, width: 200))
  }

  static let dark = Traits(scheme: .dark)
  static let rightToLeft = Traits(direction: .rightToLeft)
}
