import StackLayout
import StackRender
import Testing

/// A placeholder's name label stands in for the picture: a fill painted over it later (the gallery's `+N`
/// overlay, 80 % black) hides the label in every format, while the placeholder itself is still drawn.
@Suite("Placeholder labels under later fills")
struct PlaceholderCoverTests {
  /// A 100 × 90 tile: the placeholder "shorts", with what the case puts before or after it.
  enum Tile: String, CaseIterable, CustomTestStringConvertible {
    /// The gallery's `+N` tile: a translucent text chip over the whole image.
    case overlay
    /// A 10 pt badge in the top-left corner, clear of the centred label.
    case cornerBadge
    /// A box painted before the image, behind it.
    case boxBehind
    /// The overlay, hidden.
    case hiddenOverlay

    var hidesLabel: Bool { self == .overlay }

    var row: RenderRow {
      let image = Image("shorts", contentMode: .aspectFill, cornerRadius: 5)
      let overlay = Text("+3", font: FontStyle(size: 18, weight: .semibold), alignment: .center, color: .white)
        .background(.black.withAlpha(0.8), cornerRadius: 5)
      let card: ZStack
      switch self {
      case .overlay:
        card = ZStack {
          image
          overlay
        }
      case .hiddenOverlay:
        card = ZStack {
          image
          overlay.hidden()
        }
      case .boxBehind:
        card = ZStack {
          Box(background: .black)
          image
        }
      case .cornerBadge:
        card = ZStack {
          image
          VStack {
            HStack {
              Box(background: .black).width(10).height(10)
              Spacer()
            }
            Spacer()
          }
        }
      }
      return SampleFeeds.row("tile", rawValue, card.height(90), width: 100)
    }

    var testDescription: String { rawValue }
  }

  @Test(
    "SVG writes the label unless a later fill overlaps it; the placeholder keeps its title", arguments: Tile.allCases)
  func svg(tile: Tile) throws {
    let svg = try SVGRenderer().render([tile.row], width: 100)
    #expect(svg.contains("<title>shorts</title>"))
    #expect(svg.contains(#"text-anchor="middle">shorts</text>"#) == !tile.hidesLabel)
  }

  @Test(
    "HTML writes the label unless a later fill overlaps it; the placeholder keeps its title", arguments: Tile.allCases)
  func html(tile: Tile) {
    let html = HTMLRenderer().render([tile.row], width: 100)
    #expect(html.contains(#"title="shorts""#))
    #expect(html.contains(">shorts</div>") == !tile.hidesLabel)
  }

  @Test("the terminal's overlay box blanks the label the same way", arguments: Tile.allCases)
  func text(tile: Tile) {
    let text = TextRenderer(columns: 20).render([tile.row], width: 100)
    #expect(text.contains("shorts") == !tile.hidesLabel)
    #expect(text.contains("+3") == (tile == .overlay))
  }

  @Test("the reference order's +3 tile: its image keeps no label; the other three are labelled")
  func referenceGallery() throws {
    let rows = SampleFeeds.reference()
    let svg = try SVGRenderer().render(rows, width: 390)
    let html = HTMLRenderer().render(rows, width: 390)
    for name in ["tshirt", "top", "hoodie"] {
      #expect(svg.contains(">\(name)</text>") && html.contains(">\(name)</div>"))
    }
    #expect(!svg.contains(">shorts</text>") && !html.contains(">shorts</div>"))
    #expect(svg.contains(">+3</tspan>") && html.contains(">+3</tspan>"))
  }
}
