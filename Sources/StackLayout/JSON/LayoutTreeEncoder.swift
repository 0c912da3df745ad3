import JSONCore

/// Writes a laid-out tree as JSON without recursion (any depth, any number of siblings).
///
/// The text is collected as UTF-8 bytes in a `ByteBuffer` and made a `String` once at the end: a card is about
/// a thousand small pieces, and appending each to a `String` cost more than all the rest of
/// `render --format json`. Strings go through the package's one escaper (`JSONWriter`).
struct LayoutTreeEncoder: ~Copyable {
  let result: LayoutResult
  private let baseIndent: Int
  private var out: ByteBuffer

  init(result: LayoutResult, baseIndent: Int) {
    self.result = result
    self.baseIndent = baseIndent
    out = ByteBuffer(capacity: 256 * result.frames.count)
  }

  private enum Step {
    case node(LayoutNode, depth: Int, last: Bool)
    case close(depth: Int, last: Bool)
  }

  mutating func encode() -> String {
    var steps: [Step] = [.node(result.root, depth: 0, last: true)]
    var index = 0
    while let step = steps.popLast() {
      switch step {
      case .close(let depth, let last):
        line(depth + 1, "]")
        line(depth, last ? "}" : "},")
      case .node(let node, let depth, let last):
        if index > 0 { pad(depth) }
        append("{\n")
        let frame = index < result.frames.count ? result.frames[index] : .zero
        index += 1
        writeKeys(of: node, depth: depth + 1)
        pad(depth + 1)
        appendFrame(frame)
        append(node.isStack ? ",\n" : "\n")
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
    if out.last == UInt8(ascii: "\n") { out.removeLast() }
    return out.text
  }

  mutating func append(_ text: String) {
    out.append(text)
  }

  /// Appends `text` as a quoted, escaped JSON string.
  mutating func appendString(_ text: String) {
    JSONWriter.string(text, to: &out)
  }

  mutating func pad(_ depth: Int) {
    out.append(repeating: UInt8(ascii: " "), count: baseIndent + 2 * depth)
  }

  private mutating func line(_ depth: Int, _ text: String) {
    pad(depth)
    append(text)
    out.append(UInt8(ascii: "\n"))
  }

  /// `"frame": {"x": …, "y": …, "width": …, "height": …}`.
  private mutating func appendFrame(_ frame: Rect) {
    append("\"frame\": ")
    appendField("x", frame.x, first: true)
    appendField("y", frame.y)
    appendField("width", frame.width)
    appendField("height", frame.height)
    append("}")
  }

  /// `{"name": number` for the first field of an object, `, "name": number` for the next ones.
  mutating func appendField(_ name: String, _ value: Double, first: Bool = false) {
    append(first ? "{\"" : ", \"")
    append(name)
    append("\": ")
    append(LayoutJSON.number(value))
  }
}
