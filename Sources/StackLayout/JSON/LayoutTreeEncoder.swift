import JSONCore

/// Writes a laid-out tree as JSON without recursion (any depth, any number of siblings), straight from the tree
/// into the output bytes: keys and punctuation are written as prepared literals (`StaticString`), numbers by
/// JSONCore's digit writer (``LayoutJSON/append(number:to:)``), strings by the package's one escaper
/// (`JSONWriter`); nothing is built per node on the way. The literals hold no whitespace: the style's is written
/// between them by ``colon()``, ``comma()``, ``pad(_:)`` and ``newline()`` alone (a space after a colon and an
/// inline comma, the line feeds and indents when indented; nothing when compact), so no literal is filtered for
/// the compact form.
struct LayoutTreeEncoder: ~Copyable {
  let result: LayoutResult
  /// The links of the image nodes, if any.
  let images: (any ImageLinking)?
  private let baseIndent: Int
  let style: JSONStyle
  var out: ByteBuffer

  /// An encoder that appends to `out` in `style`, lines after the first indented by `baseIndent` spaces when
  /// indented, each image node linked by `images`.
  init(
    result: LayoutResult, baseIndent: Int, style: JSONStyle, images: (any ImageLinking)? = nil,
    appendingTo out: consuming ByteBuffer
  ) {
    self.result = result
    self.images = images
    self.baseIndent = baseIndent
    self.style = style
    self.out = out
  }

  /// A stack whose children are being written: its children, the next one's position, their depth, and
  /// whether the stack is the last of its own siblings.
  private struct Level {
    let children: [LayoutNode]
    var next = 0
    let depth: Int
    let last: Bool
  }

  /// Writes the tree (without a line feed after it) and hands the bytes back.
  consuming func encode() -> ByteBuffer {
    var levels: [Level] = []
    var index = 0
    if open(result.root, depth: 0, last: true, frame: &index) {
      levels.append(Level(children: result.root.children, depth: 2, last: true))
    }
    while let top = levels.indices.last {
      let position = levels[top].next
      guard position < levels[top].children.count else {
        let level = levels.removeLast()
        pad(level.depth - 1)
        out.append(UInt8(ascii: "]"))
        newline()
        closeObject(level.depth - 2, last: level.last)
        continue
      }
      levels[top].next += 1
      let depth = levels[top].depth
      let last = position == levels[top].children.count - 1
      pad(depth)
      if open(levels[top].children[position], depth: depth, last: last, frame: &index) {
        levels.append(Level(children: levels[top].children[position].children, depth: depth + 2, last: last))
      }
    }
    if style == .indented { out.removeLast() }  // the last line feed
    return out
  }

  /// Writes `node` from its `{` (its indent is the caller's) to its `}`, or, for a stack with children, to
  /// the line that opens them; true in that case. `frame` is the index of the node's frame, moved on.
  private mutating func open(_ node: LayoutNode, depth: Int, last: Bool, frame: inout Int) -> Bool {
    out.append(UInt8(ascii: "{"))
    newline()
    let rect = frame < result.frames.count ? result.frames[frame] : .zero
    frame += 1
    writeKeys(of: node, size: rect.size, depth: depth + 1)
    pad(depth + 1)
    appendFrame(rect)
    guard node.isStack else {
      newline()
      closeObject(depth, last: last)
      return false
    }
    out.append(UInt8(ascii: ","))
    newline()
    pad(depth + 1)
    key("children")
    guard !node.children.isEmpty else {
      append("[]")
      newline()
      closeObject(depth, last: last)
      return false
    }
    out.append(UInt8(ascii: "["))
    newline()
    return true
  }

  /// Appends a prepared fragment: punctuation or a literal value, without whitespace (the same in either style).
  @inline(__always) mutating func append(_ fragment: StaticString) {
    out.append(literal: fragment)
  }

  /// Appends `name` (a key that needs no escaping) quoted, and its ``colon()``.
  @inline(__always) mutating func key(_ name: StaticString) {
    out.append(UInt8(ascii: "\""))
    out.append(literal: name)
    out.append(UInt8(ascii: "\""))
    colon()
  }

  /// A colon after a key: with a space after it when indented.
  @inline(__always) mutating func colon() {
    out.append(UInt8(ascii: ":"))
    if style == .indented { out.append(UInt8(ascii: " ")) }
  }

  /// A comma between the members or the elements on one line: with a space after it when indented.
  @inline(__always) mutating func comma() {
    out.append(UInt8(ascii: ","))
    if style == .indented { out.append(UInt8(ascii: " ")) }
  }

  /// Appends `text` as a quoted, escaped JSON string.
  mutating func appendString(_ text: String) {
    JSONWriter.string(text, to: &out)
  }

  /// Appends `name` quoted: a name of the layout's own vocabulary (a node's type, a raw value of its enums),
  /// letters that need no escaping, so none is looked for.
  mutating func appendName(_ name: String) {
    assert(!name.utf8.contains(where: JSONWriter.needsEscape), "a name needs no escaping")
    out.append(UInt8(ascii: "\""))
    out.append(name)
    out.append(UInt8(ascii: "\""))
  }

  /// Appends `color`'s `"#RRGGBB"` (or `"#RRGGBBAA"`), quoted (the digits need no escaping).
  mutating func appendHex(_ color: Color) {
    out.append(UInt8(ascii: "\""))
    color.appendHex(to: &out)
    out.append(UInt8(ascii: "\""))
  }

  /// Appends `value` as the layout JSON writes numbers (``LayoutJSON/number(_:)``).
  mutating func appendNumber(_ value: Double) {
    LayoutJSON.append(number: value, to: &out)
  }

  /// Appends `value` in decimal.
  mutating func appendInteger(_ value: Int) {
    out.append(decimal: value)
  }

  /// The indent of a line at `depth`; nothing when compact.
  @inline(__always) mutating func pad(_ depth: Int) {
    guard style == .indented else { return }
    out.append(repeating: UInt8(ascii: " "), count: baseIndent + 2 * depth)
  }

  /// A line feed; nothing when compact.
  @inline(__always) mutating func newline() {
    if style == .indented { out.append(UInt8(ascii: "\n")) }
  }

  /// The line that closes an object: `}` and, unless it is its array's last, a comma.
  private mutating func closeObject(_ depth: Int, last: Bool) {
    pad(depth)
    out.append(UInt8(ascii: "}"))
    if !last { out.append(UInt8(ascii: ",")) }
    newline()
  }

  /// `"frame": {"x": …, "y": …, "width": …, "height": …}`.
  private mutating func appendFrame(_ frame: Rect) {
    key("frame")
    out.append(UInt8(ascii: "{"))
    key("x")
    appendNumber(frame.x)
    comma()
    key("y")
    appendNumber(frame.y)
    comma()
    key("width")
    appendNumber(frame.width)
    comma()
    key("height")
    appendNumber(frame.height)
    out.append(UInt8(ascii: "}"))
  }
}
