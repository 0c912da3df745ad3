import StackLayout
import Testing

/// Hostile sizes: very deep nesting and very many siblings never crash.
struct LayoutJSONLimitTests {
  static func nested(_ depth: Int) -> String {
    String(repeating: #"{"type": "vstack", "children": ["#, count: depth) + #"{"type": "box"}"#
      + String(repeating: "]}", count: depth)
  }

  @Test func tenThousandDeepNestingIsRefusedWithAClearError() {
    #expect {
      _ = try LayoutJSON.decode(Self.nested(10_000))
    } throws: { error in
      (error as? LayoutJSONError)?.message.contains("nested deeper than") == true
    }
  }

  @Test func nestingJustPastTheLimitNamesTheNode() {
    #expect {
      _ = try LayoutJSON.decode(Self.nested(LayoutJSON.maxDepth + 1))
    } throws: { error in
      guard let error = error as? LayoutJSONError else { return false }
      return error.message == "nesting deeper than 256 levels is not supported"
        && error.path.hasSuffix(String(repeating: ".children[0]", count: LayoutJSON.maxDepth))
    }
  }

  @Test func nestingAtTheLimitLaysOutAndEncodes() throws {
    let document = try LayoutJSON.decode(Self.nested(LayoutJSON.maxDepth))
    let result = LayoutEngine(measurer: FakeMeasurer()).layout(document.root, width: 100)
    #expect(result.frames.count == LayoutJSON.maxDepth + 1)
    #expect(result.invariantViolations().isEmpty)
    #expect(try LayoutJSON.decode(LayoutJSON.encode(result)).root == document.root)
  }

  @Test func aHundredThousandSiblingsRoundTrip() throws {
    let json =
      #"{"type": "vstack", "children": ["#
      + Array(repeating: #"{"type": "box", "height": 1}"#, count: 100_000)
      .joined(separator: ",") + "]}"
    let document = try LayoutJSON.decode(json)
    let result = LayoutEngine(measurer: FakeMeasurer()).layout(document.root, width: 100)
    #expect(result.size.height == 100_000)
    #expect(result.frames[100_000] == Rect(x: 0, y: 99_999, width: 100, height: 1))
    #expect(LayoutJSON.encode(result).count > 100_000)
  }

  @Test func builderTreesDeeperThanTheEngineLimitCollapseWithAWarning() {
    var node = Box().height(5).node
    for _ in 0..<1_000 { node = VStack { node }.node }
    let result = LayoutEngine(measurer: FakeMeasurer()).layout(node, width: 100)
    #expect(result.frames.count == 1_001)
    #expect(result.warnings.contains { $0.message.contains("nesting deeper than 256 levels") })
    #expect(result.invariantViolations().isEmpty)
    #expect(LayoutJSON.encode(result).contains("\"box\""))
  }
}
