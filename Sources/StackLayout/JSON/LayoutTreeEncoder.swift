import JSONCore

/// Writes a laid-out tree as JSON without recursion (any depth, any number of siblings), straight from the tree
/// into the output bytes: keys and punctuation are written as prepared literals (`StaticString`), numbers by
/// JSONCore's digit writer (``LayoutJSON/append(number:to:)``), strings by the package's one escaper
/// (`JSONWriter`); nothing is built per node on the way.
struct LayoutTreeEncoder: ~Copyable {
  let result: LayoutResult
  private let baseIndent: Int
  private var out: ByteBuffer

  /// An encoder that appends to `out`, lines after the first indented by `baseIndent` spaces.
  init(result: LayoutResult, baseIndent: Int, appendingTo out: consuming ByteBuffer) {
    self.result = result
    self.baseIndent = baseIndent
    self.out = out
  }

  private enum Step {
    case node(LayoutNode, depth: Int, last: Bool)
    case close(depth: Int, last: Bool)
  }

  /// Writes the tree (without a line feed after it) and hands the bytes back.
  consuming func encode() -> ByteBuffer {
    var steps: [Step] = [.node(result.root, depth: 0, last: true)]
    var index = 0
    var first = true
    while let step = steps.popLast() {
      switch step {
      case .close(let depth, let last):
        pad(depth + 1)
        append("]\n")
        closeObject(depth, last: last)
      case .node(let node, let depth, let last):
        if !first { pad(depth) }
        first = false
        append("{\n")
        let frame = index < result.frames.count ? result.frames[index] : .zero
        index += 1
        writeKeys(of: node, depth: depth + 1)
        pad(depth + 1)
        appendFrame(frame)
        guard node.isStack else {
          append("\n")
          closeObject(depth, last: last)
          continue
        }
        append(",\n")
        pad(depth + 1)
        guard !node.children.isEmpty else {
          append("\"children\": []\n")
          closeObject(depth, last: last)
          continue
        }
        append("\"children\": [\n")
        steps.append(.close(depth: depth, last: last))
        let count = node.children.count
        for (position, child) in node.children.enumerated().reversed() {
          steps.append(.node(child, depth: depth + 2, last: position == count - 1))
        }
      }
    }
    out.removeLast()
    return out
  }

  /// Appends a prepared fragment: a key with its quotes and colon, or punctuation.
  mutating func append(_ fragment: StaticString) {
    out.append(literal: fragment)
  }

  /// Appends `text` as a quoted, escaped JSON string.
  mutating func appendString(_ text: String) {
    JSONWriter.string(text, to: &out)
  }

  /// Appends `value` as the layout JSON writes numbers (``LayoutJSON/number(_:)``).
  mutating func appendNumber(_ value: Double) {
    LayoutJSON.append(number: value, to: &out)
  }

  /// Appends `value` in decimal.
  mutating func appendInteger(_ value: Int) {
    out.append(decimal: value)
  }

  mutating func pad(_ depth: Int) {
    out.append(repeating: UInt8(ascii: " "), count: baseIndent + 2 * depth)
  }

  /// The line that closes an object: `}` and, unless it is its array's last, a comma.
  private mutating func closeObject(_ depth: Int, last: Bool) {
    pad(depth)
    append(last ? "}\n" : "},\n")
  }

  /// `"frame": {"x": …, "y": …, "width": …, "height": …}`.
  private mutating func appendFrame(_ frame: Rect) {
    append("\"frame\": {\"x\": ")
    appendNumber(frame.x)
    append(", \"y\": ")
    appendNumber(frame.y)
    append(", \"width\": ")
    appendNumber(frame.width)
    append(", \"height\": ")
    appendNumber(frame.height)
    append("}")
  }
}
