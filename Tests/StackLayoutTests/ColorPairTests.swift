import StackLayout
import Testing

/// Light/dark colour pairs: what a pair is, how it resolves, and its JSON.
struct ColorPairTests {
  static let ink = Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255)
  static let paper = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)

  @Test func aPairResolvesToItsHalfForEachScheme() {
    let color = Color.pair(light: Self.ink, dark: Self.paper)
    #expect(color.isPair)
    #expect(color.resolved(for: .light) == Self.ink)
    #expect(color.resolved(for: .dark) == Self.paper)
    #expect(!color.resolved(for: .dark).isPair)
    #expect(color.hex == "#1C1C1E")
    #expect(color != Self.ink)
  }

  @Test func aPlainColourIsTheSameInBothSchemes() {
    for scheme in ColorScheme.allCases { #expect(Self.ink.resolved(for: scheme) == Self.ink) }
    #expect(!Self.ink.isPair)
    #expect(Color.pair(light: Self.ink, dark: Self.ink) == Self.ink)
  }

  @Test func halvesThatArePairsGiveTheirOwnSchemesColour() {
    let inner = Color.pair(light: Self.ink, dark: Self.paper)
    let color = Color.pair(light: inner, dark: inner)
    #expect(color == inner)
  }

  @Test func alphaAppliesToBothHalves() {
    let color = Color.pair(light: .black, dark: .white).withAlpha(0.8)
    #expect(color.light == Color.black.withAlpha(0.8))
    #expect(color.dark == Color.white.withAlpha(0.8))
  }

  static let pairs = """
    {"type": "vstack", "background": {"light": "#FFFFFF", "dark": "#1C1C1ECC"}, "children": [
      {"type": "text", "text": "Hi", "color": {"dark": "#FFFFFF", "light": "#000000"}},
      {"type": "box", "background": "#2E8ED7"}
    ]}
    """

  @Test func pairsDecodeInAnyKeyOrderAndEncodeBackTheSameWay() throws {
    let document = try LayoutJSON.decode(Self.pairs)
    #expect(document.warnings.isEmpty)
    let expected = VStack {
      Text("Hi", color: .pair(light: .black, dark: .white))
      Box(background: Color(hex: "#2E8ED7"))
    }
    .background(.pair(light: .white, dark: Self.ink.withAlpha(0.8)))
    #expect(document.root == expected.node)
    let json = LayoutJSON.encode(LayoutEngine().layout(document.root, width: 100))
    #expect(json.contains(##""background": {"light": "#FFFFFF", "dark": "#1C1C1ECC"},"##))
    #expect(json.contains(##""color": {"light": "#000000", "dark": "#FFFFFF"},"##))
    #expect(json.contains(##""background": "#2E8ED7","##))
    #expect(try LayoutJSON.decode(json).root == document.root)
  }

  static let errors: [(json: String, path: String, message: String)] = [
    (
      ##"{"type": "vstack", "children": [{"type": "box"}, {"type": "text", "color": {"light": "#000000"}}]}"##,
      "root.children[1].color", "needs both \"light\" and \"dark\" (dark is missing)"
    ),
    (##"{"type": "box", "background": {"dark": "#000000"}}"##, "root.background", "(light is missing)"),
    (
      ##"{"type": "box", "background": {"light": "#FFF", "dark": "#000000"}}"##, "root.background.light", "got \"#FFF\""
    ),
    (##"{"type": "box", "background": {"light": "#FFFFFF", "dark": 0}}"##, "root.background.dark", "expected a string"),
    (##"{"type": "box", "background": 12}"##, "root.background", "expected a string, got a number"),
  ]

  @Test(arguments: errors)
  func badPairsNameTheNodePath(json: String, path: String, message: String) {
    #expect {
      try LayoutJSON.decode(json)
    } throws: { error in
      guard let error = error as? LayoutJSONError else { return false }
      return error.path == path && error.message.contains(message)
    }
  }

  @Test func anUnknownKeyOfAPairIsIgnoredWithAWarning() throws {
    let document = try LayoutJSON.decode(
      ##"{"type": "box", "background": {"light": "#FFFFFF", "dark": "#000000", "tinted": "#FF0000"}}"##)
    #expect(document.warnings.map(\.path) == ["root.background.tinted"])
    #expect(document.root.background == .pair(light: .white, dark: .black))
  }
}
