import Foundation
import Testing

/// Issue 6, item 2: `stackfeed layout` never crashes. Hostile trees exit 65 naming the node path, or lay
/// out with finite, non-negative sizes and a warning on stderr.
@Suite struct ReliabilityLayoutTests {
  static func box(_ fields: String) -> String {
    #"{"type": "vstack", "children": [{"type": "box", \#(fields)}]}"#
  }

  static func nested(_ depth: Int) -> String {
    String(repeating: #"{"type": "vstack", "children": ["#, count: depth) + #"{"type": "box"}"#
      + String(repeating: "]}", count: depth)
  }

  /// (tree, the stderr line after `stackfeed: FILE: `; with `…`, the parts must appear in this order, the
  /// first at the start).
  static let refused: [(json: String, message: String)] = [
    (#"{"type": "vstack", "children": [{"type": "box"}"#, "line 1, column 48: bad JSON: unexpected end of input…"),
    (box(#""width": NaN"#), "line 1, column 58: bad JSON: unexpected character"),
    ("", "line 1, column 1: bad JSON: unexpected end of input"),
    (#"{"type": "box"} {"type": "box"}"#, "line 1, column 17: bad JSON: unexpected text after the JSON value"),
    (#"{"type": "box", "type": "text"}"#, #"line 1, column 17: bad JSON: duplicate key "type""#),
    ("[]", "root: expected a node object, got an array"),
    (
      box(#""type": "blob""#).replacingOccurrences(of: #""type": "box", "#, with: ""),
      #"root.children[0].type: unknown type "blob"…"#
    ),
    (box(#""height": "5""#), "root.children[0].height: expected a number, got a string"),
    (box(#""height": true"#), "root.children[0].height: expected a number, got a boolean"),
    (box(#""height": -5"#), "root.children[0].height: must not be negative, got -5"),
    (box(#""width": -0.5"#), "root.children[0].width: must not be negative, got -0.5"),
    (box(#""height": 1e999"#), "root.children[0].height: number out of range"),
    (box(#""aspectRatio": 0"#), "root.children[0].aspectRatio: must be greater than 0, got 0"),
    (box(#""aspectRatio": -2"#), "root.children[0].aspectRatio: must be greater than 0, got -2"),
    (box(#""intrinsic": {"width": -3}"#), "root.children[0].intrinsic.width: must not be negative, got -3"),
    (#"{"type": "vstack", "spacing": -10, "children": []}"#, "root.spacing: must not be negative, got -10"),
    (#"{"type": "vstack", "children": {}}"#, "root.children: expected an array, got an object"),
    (nested(258), "root" + String(repeating: ".children[0]", count: 256) + ": nesting deeper than 256 levels…"),
    // Past the JSON parser's own nesting bound: the path so far, then where and why.
    (
      nested(10_000),
      "root" + String(repeating: ".children[0]", count: 200) + "…(line 1, column …bad JSON: JSON nested deeper than …"
    ),
    (
      String(repeating: "[", count: 100_000),
      "root" + String(repeating: "[0]", count: 200) + "…bad JSON: JSON nested deeper than …"
    ),
  ]

  @Test(arguments: refused)
  func hostileTreesExit65NamingWhere(json: String, message: String) throws {
    let cli = try CLIHarness()
    let file = cli.path("tree.json")
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", file])
    #expect(result.endedNormally)
    #expect(result.code == 65, "\(result.stderr.prefix(300))")
    #expect(result.stdout.isEmpty)
    #expect(result.saysOnce("\(file): " + message), "\(result.stderr.prefix(300))")
  }

  /// Every node's frame has finite numbers and a non-negative size; returns the number of nodes.
  static func checkFrames(_ node: Any, path: String = "root") -> Int {
    guard let node = node as? [String: Any], let frame = node["frame"] as? [String: Double] else {
      Issue.record("\(path): no frame")
      return 0
    }
    let values = ["x", "y", "width", "height"].compactMap { frame[$0] }
    #expect(values.count == 4 && values.allSatisfy(\.isFinite), "\(path): \(frame)")
    #expect((frame["width"] ?? -1) >= 0 && (frame["height"] ?? -1) >= 0, "\(path): \(frame)")
    let children = node["children"] as? [Any] ?? []
    return 1 + children.enumerated().map { checkFrames($1, path: "\(path).children[\($0)]") }.reduce(0, +)
  }

  @Test(arguments: [
    (
      #"{"type": "hstack", "children": [{"type": "box", "width": 1e308}, {"type": "box", "width": 1e308}]}"#, 3,
      "is out of range"
    ),
    (
      #"{"type": "vstack", "height": 10, "children": [{"type": "box", "height": 400}, {"type": "box", "height": 400}]}"#,
      3, "root"
    ),
    (#"{"type": "hstack", "children": [{"type": "box", "aspectRatio": 1e-300, "height": 1e6}]}"#, 2, "root"),
  ])
  func extremeButValidTreesLayOutWithFiniteFramesAndAWarning(json: String, nodes: Int, warning: String) throws {
    let cli = try CLIHarness()
    let file = cli.path("tree.json")
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", "--width", "390", file])
    #expect(result.endedNormally)
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("stackfeed: warning: ") && result.stderr.contains(warning), "\(result.stderr)")
    #expect(Self.checkFrames(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) == nodes)
  }

  @Test func aHundredThousandSiblingsLayOut() throws {
    let cli = try CLIHarness()
    let file = cli.path("wide.json")
    let json =
      #"{"type": "vstack", "children": ["#
      + Array(repeating: #"{"type": "box", "height": 1}"#, count: 100_000)
      .joined(separator: ", ") + "]}"
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", "--width", "10", file])
    #expect(result.code == 0)
    #expect(result.stderr.isEmpty)
    let tree = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    #expect(Self.checkFrames(tree) == 100_001)
    let last = ((tree as? [String: Any])?["children"] as? [[String: Any]])?.last?["frame"] as? [String: Double]
    #expect(last == ["x": 0, "y": 99_999, "width": 10, "height": 1])
  }
}
