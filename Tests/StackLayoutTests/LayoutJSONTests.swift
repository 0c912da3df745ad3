import StackLayout
import Testing

/// The JSON codec of contract.md "Layout trees".
struct LayoutJSONTests {
  static let everyKey = """
    {"type": "zstack", "id": "root", "action": "open", "hidden": false, "spacing": 5,
     "distribution": "equalCentering", "alignment": "lastBaseline",
     "margin": {"top": 20, "left": 10, "bottom": 0, "right": 10},
     "width": 300, "widthPriority": 999, "height": 40, "aspectRatio": 0.9, "aspectRatioPriority": 999,
     "background": "#F2F2F2", "cornerRadius": 12, "alpha": 0.5,
     "children": [
       {"type": "text", "text": "Hi", "font": {"size": 18, "weight": "heavy"}, "lines": 2,
        "textAlignment": "center", "color": "#FFFFFF", "intrinsic": {"width": 10, "height": 5}},
       {"type": "image", "image": "button-icon", "contentMode": "aspectFit", "hidden": true},
       {"type": "spacer", "height": 3, "heightPriority": 250},
       {"type": "box", "frame": {"x": 1, "y": 2, "width": 3, "height": 4}},
       {"type": "vstack", "margin": 4, "children": []},
       {"type": "hstack", "alignment": "top", "children": [{"type": "image", "image": null}]}
     ]}
    """

  @Test func decodesEveryKeyOfTheTable() throws {
    let document = try LayoutJSON.decode(Self.everyKey)
    let expected = ZStack {
      Text("Hi", font: FontStyle(size: 18, weight: .heavy), lines: 2, alignment: .center, color: .white)
        .intrinsicSize(width: 10, height: 5)
      Image("button-icon", contentMode: .aspectFit).hidden()
      Spacer(h: 3).height(3, priority: 250)
      Box()
      VStack {}.margin(.all(4))
      HStack {
        Image(nil)
      }
      .alignment(.top)
    }
    .id("root").action("open").spacing(5).distribution(.equalCentering).alignment(.lastBaseline)
    .margin(.insets(top: 20, left: 10, right: 10)).width(300, priority: 999).height(40)
    .aspectRatio(0.9, priority: 999).background(.white(0.95), cornerRadius: 12).alpha(0.5)
    #expect(document.root == expected.node)
    #expect(document.warnings.isEmpty)
  }

  static let errors: [(json: String, path: String, message: String)] = [
    (
      #"{"type": "vstack", "children": [{"type": "text"}, {"type": "box"}, {"type": "text", "font": {"size": "big"}}]}"#,
      "root.children[2].font.size", "expected a number, got a string"
    ),
    (#"{"type": "stack"}"#, "root.type", "unknown type \"stack\""),
    (#"{"type": "vstack", "children": [{"id": "x"}]}"#, "root.children[0].type", "missing"),
    (#"{"type": "vstack", "children": [1]}"#, "root.children[0]", "expected a node object, got a number"),
    (#"{"type": "box", "hidden": 1}"#, "root.hidden", "expected true or false, got a number"),
    (#"{"type": "box", "width": -1}"#, "root.width", "must not be negative"),
    (#"{"type": "box", "height": 1e999}"#, "root.height", "number out of range"),
    (#"{"type": "box", "aspectRatio": 0}"#, "root.aspectRatio", "must be greater than 0"),
    (#"{"type": "box", "aspectRatio": -2}"#, "root.aspectRatio", "must be greater than 0"),
    (#"{"type": "box", "width": 1, "widthPriority": 0}"#, "root.widthPriority", "between 1 and 1000"),
    (#"{"type": "vstack", "alignment": "middle"}"#, "root.alignment", "unknown value \"middle\""),
    (#"{"type": "text", "lines": 1.5}"#, "root.lines", "whole number"),
    (#"{"type": "text", "color": "red"}"#, "root.color", "expected a colour"),
    (#"{"type": "box", "alpha": 2}"#, "root.alpha", "between 0 and 1"),
    (#"{"type": "text", "children": []}"#, "root.children", "only vstack, hstack and zstack have children"),
    (#"{"type": "vstack", "margin": {"top": -1}}"#, "root.margin.top", "must not be negative"),
    (#"{"type": "vstack", "children": {}}"#, "root.children", "expected an array, got an object"),
    (#"{"type": "vstack",\#n "children": [}"#, "line 2, column 15", "bad JSON: unexpected character"),
    (#"{"type": "box"} x"#, "line 1, column 17", "bad JSON: unexpected text after the JSON value"),
    (#"{"type": "box", "type": "box"}"#, "line 1, column 17", "duplicate key"),
    (#"{"type": "vstack", "children": [],}"#, "line 1, column 34", "bad JSON: a comma before a closing bracket"),
    ("", "line 1, column 1", "bad JSON: unexpected end of input"),
  ]

  @Test(arguments: errors)
  func badInputNamesTheNodePath(json: String, path: String, message: String) {
    #expect {
      _ = try LayoutJSON.decode(json)
    } throws: { error in
      guard let error = error as? LayoutJSONError else { return false }
      return error.path == path && error.message.contains(message)
    }
  }

  @Test func unknownAndMisplacedKeysAreIgnoredWithWarnings() throws {
    let document = try LayoutJSON.decode(
      ##"{"type": "box", "colour": "#FFFFFF", "children2": 1, "font": {"size": 3}, "height": 2}"##)
    #expect(document.root == Box().height(2).node)
    #expect(document.warnings.map(\.path) == ["root.colour", "root.children2", "root.font"])
  }

  /// Fixed key order, 3 decimals, no -0, frames relative to the parent.
  @Test func encodesFramesWithStableKeysAndPrecision() {
    let tree = VStack { Box().height(10.0 / 3).id("a") }.id("root").margin(.insets(top: 0.0001))
    let result = LayoutEngine(measurer: FakeMeasurer(), scale: 0).layout(tree, width: 100.5)
    let expected = """
      {
        "type": "vstack",
        "id": "root",
        "spacing": 0,
        "distribution": "fill",
        "alignment": "fill",
        "margin": {"top": 0, "left": 0, "bottom": 0, "right": 0},
        "frame": {"x": 0, "y": 0, "width": 100.5, "height": 3.333},
        "children": [
          {
            "type": "box",
            "id": "a",
            "height": 3.333,
            "frame": {"x": 0, "y": 0, "width": 100.5, "height": 3.333}
          }
        ]
      }
      """
    #expect(LayoutJSON.encode(result) == expected)
  }

  @Test func encodingNeverWritesNegativeZero() {
    let result = LayoutResult(
      root: Box().node, frames: [Rect(x: -0.0, y: -0.0004, width: 1e-9, height: 2)], texts: [nil], overflowing: [],
      warnings: [])
    #expect(LayoutJSON.encode(result).contains(#""frame": {"x": 0, "y": 0, "width": 0, "height": 2}"#))
  }

  @Test(arguments: [320.0, 390, 768])
  func encodedReferenceCellsDecodeToTheSameTree(width: Double) throws {
    let cells: [any LayoutElement] = [
      ReferenceCells.feedItem(title: "A \"quoted\"\ntitle", subtitle: nil, tag: "NEW", image: nil),
      ReferenceCells.order(title: "IT'S FUFILLED", subtitle: "Ordered", gallery: ["a", "b"], overlay: nil),
      ReferenceCells.header(headline: "HI, RUSSELL", initials: "RW"),
    ]
    for cell in cells {
      let result = LayoutEngine(measurer: FakeMeasurer()).layout(cell.node, width: width)
      let text = LayoutJSON.encode(result, indent: 4)
      let document = try LayoutJSON.decode(text)
      #expect(document.root == cell.node)
      #expect(document.warnings.isEmpty)
      let again = LayoutEngine(measurer: FakeMeasurer()).layout(document.root, width: width)
      #expect(LayoutJSON.encode(again, indent: 4) == text)
    }
  }
}
