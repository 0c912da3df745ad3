/// Writes a laid-out tree as JSON without recursion (any depth, any number of siblings).
struct LayoutTreeEncoder {
  private let result: LayoutResult
  private let baseIndent: Int
  private var out = ""

  init(result: LayoutResult, baseIndent: Int) {
    self.result = result
    self.baseIndent = baseIndent
  }

  private enum Step {
    case node(LayoutNode, depth: Int, last: Bool)
    case close(depth: Int, last: Bool)
  }

  mutating func encode() -> String {
    out.reserveCapacity(256 * result.frames.count)
    var steps: [Step] = [.node(result.root, depth: 0, last: true)]
    var index = 0
    while let step = steps.popLast() {
      switch step {
      case .close(let depth, let last):
        line(depth + 1, "]")
        line(depth, last ? "}" : "},")
      case .node(let node, let depth, let last):
        if index > 0 { pad(depth) }
        out += "{\n"
        let frame = index < result.frames.count ? result.frames[index] : .zero
        index += 1
        let members = keys(of: node) + [("frame", rect(frame))]
        for (position, member) in members.enumerated() {
          let comma = position < members.count - 1 || node.isStack ? "," : ""
          line(depth + 1, "\(JSONText.string(member.0)): \(member.1)\(comma)")
        }
        guard node.isStack else {
          line(depth, last ? "}" : "},")
          continue
        }
        if node.children.isEmpty {
          line(depth + 1, "\"children\": []")
          line(depth, last ? "}" : "},")
          continue
        }
        line(depth + 1, "\"children\": [")
        steps.append(.close(depth: depth, last: last))
        let count = node.children.count
        for (position, child) in node.children.enumerated().reversed() {
          steps.append(.node(child, depth: depth + 2, last: position == count - 1))
        }
      }
    }
    if out.hasSuffix("\n") { out.removeLast() }
    return out
  }

  /// Runs of spaces for the usual indents, made once.
  private static let indents = (0..<64).map { String(repeating: " ", count: $0) }

  private mutating func pad(_ depth: Int) {
    let width = baseIndent + 2 * depth
    out += width < Self.indents.count ? Self.indents[width] : String(repeating: " ", count: width)
  }

  private mutating func line(_ depth: Int, _ text: String) {
    pad(depth)
    out += text
    out += "\n"
  }

  private func rect(_ frame: Rect) -> String {
    "{\"x\": \(JSONText.number(frame.x)), \"y\": \(JSONText.number(frame.y)), "
      + "\"width\": \(JSONText.number(frame.width)), \"height\": \(JSONText.number(frame.height))}"
  }
}
