import StackLayout
import Testing

/// The result builder, the modifiers, spacing tokens and colours.
struct BuilderTests {
  enum Variant { case one, two }

  @Test func builderAcceptsSingleOptionalArrayConditionalSwitchAndLoop() {
    let optional: Text? = Text("optional")
    let missing: Text? = nil
    let variant = Variant.two
    let stack = VStack {
      Text("single")
      optional
      missing
      [Spacer(), Spacer()]
      [Text("mixed"), Box()] as [any LayoutElement]
      if variant == .one { Text("if") } else { Box().id("else") }
      switch variant {
      case .one: Text("one")
      case .two: Text("two")
      }
      for index in 0..<3 { Box().id("loop\(index)") }
    }
    let ids = stack.node.children.map { $0.id ?? $0.typeName }
    #expect(ids == ["text", "text", "spacer", "spacer", "text", "box", "else", "text", "loop0", "loop1", "loop2"])
  }

  @Test func modifiersKeepTheTypeAndRecordData() {
    let text: Text = Text("Hi").id("title").lines(2).color(.white).width(100, priority: 999).hidden()
    #expect(text.content.lines == 2)
    #expect(text.node.width == SizeConstraint(100, priority: 999))
    #expect(text.node.isHidden)
    let stack: HStack = HStack {}.spacing(.small).margin(.all(.medium)).alignment(.center).distribution(.equalSpacing)
      .aspectRatio(0.9, priority: 999).background(.white(0.95), cornerRadius: 12).action("tap")
    #expect(stack.node.spacing == Spacing.small.points)
    #expect(stack.node.margin == EdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
    #expect(stack.node.aspectRatio == AspectRatio(0.9, priority: 999))
    #expect(stack.node.background?.hex == "#F2F2F2")
    #expect(stack.node.action == "tap")
  }

  @Test func spacersAndSizes() {
    #expect(Spacer(w: 10).node.width == SizeConstraint(10))
    #expect(Spacer(h: .large).node.height == SizeConstraint(24))
    #expect(Spacer(square: 5).node.height == SizeConstraint(5))
    #expect(Spacer.auto().node == Spacer().node)
    #expect(Box().square(36).node.width == SizeConstraint(36))
    #expect(EdgeInsets.horizontal(12) == EdgeInsets(top: 0, left: 12, bottom: 0, right: 12))
    #expect(EdgeInsets.vertical(3) == EdgeInsets(top: 3, left: 0, bottom: 3, right: 0))
  }

  @Test(arguments: [
    ("#2E8ED7", Color(red: 46 / 255, green: 142 / 255, blue: 215 / 255), "#2E8ED7"),
    ("F2F2F2", Color.white(0.95), "#F2F2F2"),
    ("#000000CC", Color.black.withAlpha(0.8), "#000000CC"),
  ])
  func coloursParseAndPrintHex(text: String, expected: Color, hex: String) {
    let parsed = Color(hex: text)
    #expect(parsed?.hex == hex)
    #expect(parsed?.hex == expected.hex)
  }

  @Test(arguments: ["", "#12345", "#GGGGGG", "#1234567890", "#+12345", "-1234567", "#12 345", "#１２３４５６"])
  func malformedHexIsRejected(text: String) {
    #expect(Color(hex: text) == nil)
  }

  @Test func sizeRangeReportsMinimumIdealAndMaximum() {
    let engine = LayoutEngine(measurer: FakeMeasurer(), scale: 0)
    // "HI THERE" at 20 pt: 8 × 10 = 80 wide, 25 high; at width 40 it wraps to two lines (50 high).
    let label = Text("HI THERE", font: FontStyle(size: 20), lines: 0)
    #expect(engine.measure(label).ideal == Size(width: 80, height: 25))
    #expect(engine.measure(label, width: 40).ideal == Size(width: 40, height: 50))
    let range = engine.measure(Box().width(30).intrinsicSize(height: 10))
    #expect(range.minimum == Size(width: 30, height: 0))
    #expect(range.maximum == Size(width: 30, height: .infinity))
  }
}
