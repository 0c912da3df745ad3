extension LayoutTreeEncoder {
  /// Writes the node's keys in the contract's order, one line each, every line ending with a comma (the frame
  /// follows); defaults are left out except the stack and content keys, which are always written. Each key is
  /// a prepared literal of its name, written with its quotes and colon (``begin(_:_:)``). `size` is the node's
  /// frame's (an image's link is for it).
  mutating func writeKeys(of node: LayoutNode, size: Size, depth: Int) {
    begin("type", depth)
    appendName(node.typeName)
    end()
    if let id = node.id { memberString("id", id, depth) }
    if let action = node.action { memberString("action", action, depth) }
    if node.isHidden { member("hidden", "true", depth) }
    if node.isStack {
      let margin = node.margin
      memberNumber("spacing", node.spacing, depth)
      memberName("distribution", node.distribution.rawValue, depth)
      memberName("alignment", node.alignment.rawValue, depth)
      begin("margin", depth)
      append("{")
      key("top")
      appendNumber(margin.top)
      comma()
      if node.hasDirectionalMargin { key("leading") } else { key("left") }
      appendNumber(margin.left)
      comma()
      key("bottom")
      appendNumber(margin.bottom)
      comma()
      if node.hasDirectionalMargin { key("trailing") } else { key("right") }
      appendNumber(margin.right)
      append("}")
      end()
    }
    if let width = node.width { constraint("width", "widthPriority", width, depth) }
    if let height = node.height { constraint("height", "heightPriority", height, depth) }
    if writesScaling, let style = node.scalesWith { memberName("scalesWith", style.rawValue, depth) }
    if let ratio = node.aspectRatio {
      constraint("aspectRatio", "aspectRatioPriority", SizeConstraint(ratio.ratio, priority: ratio.priority), depth)
    }
    if node.intrinsicWidth != nil || node.intrinsicHeight != nil { intrinsic(node, depth) }
    switch node.kind {
    case .text(let content):
      memberString("text", content.string, depth)
      // The size the label was laid out and is drawn at: scaled for the result's content size.
      begin("font", depth)
      append("{")
      key("size")
      appendNumber(content.font(for: result.traits.contentSize).size)
      comma()
      key("weight")
      appendName(content.font.weight.rawValue)
      append("}")
      end()
      if writesScaling && content.textStyle != .body {
        memberName("textStyle", content.textStyle.rawValue, depth)
      }
      memberInteger("lines", content.lines, depth)
      if writesScaling, let limit = content.accessibilityLines {
        memberInteger("accessibilityLines", limit, depth)
      }
      memberName("textAlignment", content.alignment.rawValue, depth)
      color("color", content.color, depth)
    case .image(let content):
      memberString("image", content.name, depth)
      memberName("contentMode", content.contentMode.rawValue, depth)
      if let tint = content.tint { color("tint", tint, depth) }
      if let link = images?.link(for: content, size: size) { self.link(link, depth) }
    default:
      break
    }
    if let background = node.background { color("background", background, depth) }
    if node.cornerRadius != 0 {
      memberNumber("cornerRadius", node.cornerRadius(for: result.traits.contentSize), depth)
    }
    if node.alpha != 1 { memberNumber("alpha", node.alpha, depth) }
    if let accessibility = node.accessibility { self.accessibility(accessibility, depth) }
  }

  /// `"intrinsic": {"width": …, "height": …}` with the sizes that are set.
  private mutating func intrinsic(_ node: LayoutNode, _ depth: Int) {
    begin("intrinsic", depth)
    append("{")
    if let width = node.intrinsicWidth {
      key("width")
      appendNumber(width)
    }
    if let height = node.intrinsicHeight {
      if node.intrinsicWidth != nil { comma() }
      key("height")
      appendNumber(height)
    }
    append("}")
    end()
  }

  /// `"name": "#RRGGBB"`, or `"name": {"light": "#…", "dark": "#…"}` for a pair.
  private mutating func color(_ name: StaticString, _ color: Color, _ depth: Int) {
    begin(name, depth)
    if color.isPair {
      append("{")
      key("light")
      appendHex(color.light)
      comma()
      key("dark")
      appendHex(color.dark)
      append("}")
    } else {
      appendHex(color)
    }
    end()
  }

  /// An image's link: `"url"`, then `"srcset": {"1": …, "2": …}` when it has one, `"aspect"` and `"placeholder"`
  /// when known.
  private mutating func link(_ link: ImageLink, _ depth: Int) {
    memberString("url", link.url, depth)
    if !link.srcset.isEmpty {
      begin("srcset", depth)
      append("{")
      for (index, scaled) in link.srcset.enumerated() {
        if index > 0 { comma() }
        append("\"")
        appendInteger(scaled.scale)
        append("\"")
        colon()
        appendString(scaled.url)
      }
      append("}")
      end()
    }
    if let aspect = link.aspectRatio { memberNumber("aspect", aspect, depth) }
    if let placeholder = link.placeholder { color("placeholder", placeholder, depth) }
  }

  /// `"accessibility": {"label": …, "hint": …, "traits": […], "hidden": true}`: the label and the hint when
  /// set, the traits always, `hidden` when true.
  private mutating func accessibility(_ accessibility: Accessibility, _ depth: Int) {
    begin("accessibility", depth)
    append("{")
    if let label = accessibility.label {
      key("label")
      appendString(label)
      comma()
    }
    if let hint = accessibility.hint {
      key("hint")
      appendString(hint)
      comma()
    }
    key("traits")
    append("[")
    for (index, trait) in accessibility.orderedTraits.enumerated() {
      if index > 0 { comma() }
      appendName(trait.rawValue)
    }
    append("]")
    if accessibility.isHidden {
      comma()
      key("hidden")
      append("true")
    }
    append("}")
    end()
  }

  /// Whether the Dynamic Type keys (`textStyle`, `accessibilityLines`, `scalesWith`) are written: only for a
  /// result laid out away from `L`, where they say which curve each scaled size followed. At `L` they change
  /// nothing, and the output is the one trees had before Dynamic Type, byte for byte.
  private var writesScaling: Bool { result.traits.contentSize != .large }

  /// The constraint's value under `key` and, when not required, its priority under `priorityKey`.
  private mutating func constraint(
    _ key: StaticString, _ priorityKey: StaticString, _ constraint: SizeConstraint, _ depth: Int
  ) {
    memberNumber(key, constraint.value, depth)
    if !constraint.priority.isRequired {
      memberNumber(priorityKey, Double(constraint.priority.value), depth)
    }
  }

  /// One `"key": "text",` line (`null` for nil), the text escaped.
  @inline(__always) private mutating func memberString(_ key: StaticString, _ text: String?, _ depth: Int) {
    begin(key, depth)
    if let text { appendString(text) } else { append("null") }
    end()
  }

  /// One `"key": "name",` line for a name of the layout's own vocabulary (``appendName(_:)``).
  @inline(__always) private mutating func memberName(_ key: StaticString, _ name: String, _ depth: Int) {
    begin(key, depth)
    appendName(name)
    end()
  }

  /// One `"key": number,` line.
  @inline(__always) private mutating func memberNumber(_ key: StaticString, _ value: Double, _ depth: Int) {
    begin(key, depth)
    appendNumber(value)
    end()
  }

  /// One `"key": integer,` line.
  @inline(__always) private mutating func memberInteger(_ key: StaticString, _ value: Int, _ depth: Int) {
    begin(key, depth)
    appendInteger(value)
    end()
  }

  /// One line whose value is a literal (`"hidden": true`).
  @inline(__always) private mutating func member(_ key: StaticString, _ value: StaticString, _ depth: Int) {
    begin(key, depth)
    out.append(literal: value)
    end()
  }

  /// The start of a line: indent, the key (a name that needs no escaping) quoted, and its colon.
  @inline(__always) private mutating func begin(_ name: StaticString, _ depth: Int) {
    pad(depth)
    key(name)
  }

  /// The end of a member's line.
  @inline(__always) private mutating func end() {
    out.append(UInt8(ascii: ","))
    newline()
  }
}
