extension LayoutTreeEncoder {
  /// Writes the node's keys in the contract's order, one line each, every line ending with a comma (the frame
  /// follows); defaults are left out except the stack and content keys, which are always written. Values are
  /// written piece by piece into the output, without intermediate strings.
  mutating func writeKeys(of node: LayoutNode, depth: Int) {
    memberString("type", node.typeName, depth)
    if let id = node.id { memberString("id", id, depth) }
    if let action = node.action { memberString("action", action, depth) }
    if node.isHidden { member("hidden", "true", depth) }
    if node.isStack {
      let margin = node.margin
      member("spacing", LayoutJSON.number(node.spacing), depth)
      memberString("distribution", node.distribution.rawValue, depth)
      memberString("alignment", node.alignment.rawValue, depth)
      let directional = node.hasDirectionalMargin
      begin("margin", depth)
      appendField("top", margin.top, first: true)
      appendField(directional ? "leading" : "left", margin.left)
      appendField("bottom", margin.bottom)
      appendField(directional ? "trailing" : "right", margin.right)
      append("}")
      end()
    }
    constraint("width", node.width, depth)
    constraint("height", node.height, depth)
    if writesScaling, let style = node.scalesWith { memberString("scalesWith", style.rawValue, depth) }
    if let ratio = node.aspectRatio {
      member("aspectRatio", LayoutJSON.number(ratio.ratio), depth)
      if !ratio.priority.isRequired {
        member("aspectRatioPriority", LayoutJSON.number(Double(ratio.priority.value)), depth)
      }
    }
    if node.intrinsicWidth != nil || node.intrinsicHeight != nil {
      begin("intrinsic", depth)
      append("{")
      if let width = node.intrinsicWidth {
        append("\"width\": ")
        append(LayoutJSON.number(width))
      }
      if let height = node.intrinsicHeight {
        append(node.intrinsicWidth == nil ? "\"height\": " : ", \"height\": ")
        append(LayoutJSON.number(height))
      }
      append("}")
      end()
    }
    switch node.kind {
    case .text(let content):
      memberString("text", content.string, depth)
      begin("font", depth)
      append("{\"size\": ")
      // The size the label was laid out and is drawn at: scaled for the result's content size.
      append(LayoutJSON.number(content.font(for: result.traits.contentSize).size))
      append(", \"weight\": \"")
      append(content.font.weight.rawValue)
      append("\"}")
      end()
      if writesScaling && content.textStyle != .body {
        memberString("textStyle", content.textStyle.rawValue, depth)
      }
      member("lines", String(content.lines), depth)
      if writesScaling, let limit = content.accessibilityLines { member("accessibilityLines", String(limit), depth) }
      memberString("textAlignment", content.alignment.rawValue, depth)
      color("color", content.color, depth)
    case .image(let content):
      memberString("image", content.name, depth)
      memberString("contentMode", content.contentMode.rawValue, depth)
    default:
      break
    }
    if let background = node.background { color("background", background, depth) }
    if node.cornerRadius != 0 {
      member("cornerRadius", LayoutJSON.number(node.cornerRadius(for: result.traits.contentSize)), depth)
    }
    if node.alpha != 1 { member("alpha", LayoutJSON.number(node.alpha), depth) }
    if let accessibility = node.accessibility { self.accessibility(accessibility, depth) }
  }

  /// `"name": "#RRGGBB"`, or `"name": {"light": "#…", "dark": "#…"}` for a pair.
  private mutating func color(_ name: String, _ color: Color, _ depth: Int) {
    guard color.isPair else { return memberString(name, color.hex, depth) }
    begin(name, depth)
    append("{\"light\": ")
    appendString(color.light.hex)
    append(", \"dark\": ")
    appendString(color.dark.hex)
    append("}")
    end()
  }

  /// `"accessibility": {"label": …, "hint": …, "traits": […], "hidden": true}`: the label and the hint when
  /// set, the traits always, `hidden` when true.
  private mutating func accessibility(_ accessibility: Accessibility, _ depth: Int) {
    begin("accessibility", depth)
    append("{")
    if let label = accessibility.label {
      append("\"label\": ")
      appendString(label)
      append(", ")
    }
    if let hint = accessibility.hint {
      append("\"hint\": ")
      appendString(hint)
      append(", ")
    }
    append("\"traits\": [")
    for (index, trait) in accessibility.orderedTraits.enumerated() {
      append(index == 0 ? "\"" : ", \"")
      append(trait.rawValue)
      append("\"")
    }
    append("]")
    if accessibility.isHidden { append(", \"hidden\": true") }
    append("}")
    end()
  }

  /// Whether the Dynamic Type keys (`textStyle`, `accessibilityLines`, `scalesWith`) are written: only for a
  /// result laid out away from `L`, where they say which curve each scaled size followed. At `L` they change
  /// nothing, and the output is the one trees had before Dynamic Type, byte for byte.
  private var writesScaling: Bool { result.traits.contentSize != .large }

  /// `name` and, when not required, `namePriority`, for a width or height constraint.
  private mutating func constraint(_ name: String, _ constraint: SizeConstraint?, _ depth: Int) {
    guard let constraint else { return }
    member(name, LayoutJSON.number(constraint.value), depth)
    if !constraint.priority.isRequired {
      member(name + "Priority", LayoutJSON.number(Double(constraint.priority.value)), depth)
    }
  }

  /// One `"name": "text",` line (`null` for nil), the text escaped.
  private mutating func memberString(_ name: String, _ text: String?, _ depth: Int) {
    begin(name, depth)
    if let text { appendString(text) } else { append("null") }
    end()
  }

  /// One `"name": value,` line.
  private mutating func member(_ name: String, _ value: String, _ depth: Int) {
    begin(name, depth)
    append(value)
    end()
  }

  /// The start of a line: indent and `"name": ` (names are fixed and need no escaping).
  private mutating func begin(_ name: String, _ depth: Int) {
    pad(depth)
    append("\"")
    append(name)
    append("\": ")
  }

  /// The end of a member's line.
  private mutating func end() {
    append(",\n")
  }
}
