import StackLayout
import Testing

/// A node's `accessibility` in the builder and the layout JSON.
struct AccessibilityJSONTests {
  static let labelled = """
    {"type": "hstack", "children": [
      {"type": "text", "text": "Hi", "accessibility": {"label": "Hello", "traits": ["header"]}},
      {"type": "image", "image": "search-icon", "action": "search",
       "accessibility": {"traits": ["selected", "button"], "hint": "Opens search", "label": "Search"}},
      {"type": "box", "accessibility": {"hidden": true, "traits": []}}
    ]}
    """

  @Test func decodesWhatTheBuilderMakes() throws {
    let document = try LayoutJSON.decode(Self.labelled)
    #expect(document.warnings.isEmpty)
    let expected = HStack {
      Text("Hi").accessibility(label: "Hello", traits: [.header])
      Image("search-icon").action("search")
        .accessibility(label: "Search", hint: "Opens search", traits: [.button, .selected])
      Box().accessibility(label: nil, hidden: true)
    }
    #expect(document.root == expected.node)
  }

  @Test func encodesOneLineInAFixedOrderAndDecodesBack() throws {
    let root = try LayoutJSON.decode(Self.labelled).root
    let json = LayoutJSON.encode(LayoutEngine().layout(root, width: 200))
    #expect(json.contains(##""accessibility": {"label": "Hello", "traits": ["header"]},"##))
    #expect(
      json.contains(
        ##""accessibility": {"label": "Search", "hint": "Opens search", "traits": ["button", "selected"]},"##))
    #expect(json.contains(##""accessibility": {"traits": [], "hidden": true},"##))
    #expect(try LayoutJSON.decode(json).root == root)
  }

  @Test func aNodeWithoutAccessibilityWritesNoKey() {
    let json = LayoutJSON.encode(LayoutEngine().layout(Text("Hi").node, width: 100))
    #expect(!json.contains("accessibility"))
    let cleared = Text("Hi").accessibility(label: "x").accessibility(nil)
    #expect(cleared.node == Text("Hi").node)
  }

  static let errors: [(json: String, path: String, message: String)] = [
    (
      ##"{"type": "vstack", "children": [{"type": "box", "accessibility": {"traits": ["button", "clickable"]}}]}"##,
      "root.children[0].accessibility.traits[1]", "unknown value \"clickable\""
    ),
    (##"{"type": "box", "accessibility": {"label": 3}}"##, "root.accessibility.label", "expected a string"),
    (##"{"type": "box", "accessibility": {"hint": []}}"##, "root.accessibility.hint", "expected a string"),
    (##"{"type": "box", "accessibility": {"traits": "button"}}"##, "root.accessibility.traits", "expected an array"),
    (##"{"type": "box", "accessibility": {"hidden": "yes"}}"##, "root.accessibility.hidden", "expected true or false"),
    (##"{"type": "box", "accessibility": "Search"}"##, "root.accessibility", "expected an object, got a string"),
  ]

  @Test(arguments: errors)
  func badValuesNameTheNodePath(json: String, path: String, message: String) {
    #expect {
      try LayoutJSON.decode(json)
    } throws: { error in
      guard let error = error as? LayoutJSONError else { return false }
      return error.path == path && error.message.contains(message)
    }
  }

  @Test func unknownKeysAreIgnoredWithAWarningAndNullIsNone() throws {
    let document = try LayoutJSON.decode(##"{"type": "box", "accessibility": {"label": "A", "value": "3"}}"##)
    #expect(document.warnings.map(\.path) == ["root.accessibility.value"])
    #expect(document.root.accessibility == Accessibility(label: "A"))
    #expect(try LayoutJSON.decode(##"{"type": "box", "accessibility": null}"##).root.accessibility == nil)
  }
}
