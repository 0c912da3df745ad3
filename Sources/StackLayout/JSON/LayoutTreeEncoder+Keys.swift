extension LayoutTreeEncoder {
  /// The node's keys in the contract's order, values already encoded; defaults are left out except
  /// the stack and content keys, which are always written.
  func keys(of node: LayoutNode) -> [(String, String)] {
    let number = JSONText.number
    var keys: [(String, String)] = [("type", JSONText.string(node.typeName))]
    if let id = node.id { keys.append(("id", JSONText.string(id))) }
    if let action = node.action { keys.append(("action", JSONText.string(action))) }
    if node.isHidden { keys.append(("hidden", "true")) }
    if node.isStack {
      let margin = node.margin
      keys += [
        ("spacing", number(node.spacing)),
        ("distribution", JSONText.string(node.distribution.rawValue)),
        ("alignment", JSONText.string(node.alignment.rawValue)),
        (
          "margin",
          "{\"top\": \(number(margin.top)), \"left\": \(number(margin.left)), "
            + "\"bottom\": \(number(margin.bottom)), \"right\": \(number(margin.right))}"
        ),
      ]
    }
    for (name, constraint) in [("width", node.width), ("height", node.height)] {
      guard let constraint else { continue }
      keys.append((name, number(constraint.value)))
      if !constraint.priority.isRequired { keys.append((name + "Priority", number(Double(constraint.priority.value)))) }
    }
    if let ratio = node.aspectRatio {
      keys.append(("aspectRatio", number(ratio.ratio)))
      if !ratio.priority.isRequired { keys.append(("aspectRatioPriority", number(Double(ratio.priority.value)))) }
    }
    if node.intrinsicWidth != nil || node.intrinsicHeight != nil {
      let parts = [("width", node.intrinsicWidth), ("height", node.intrinsicHeight)].compactMap { name, value in
        value.map { "\"\(name)\": \(number($0))" }
      }
      keys.append(("intrinsic", "{" + parts.joined(separator: ", ") + "}"))
    }
    switch node.kind {
    case .text(let content):
      keys += [
        ("text", JSONText.string(content.string)),
        ("font", "{\"size\": \(number(content.font.size)), \"weight\": \"\(content.font.weight.rawValue)\"}"),
        ("lines", String(content.lines)),
        ("textAlignment", JSONText.string(content.alignment.rawValue)),
        ("color", JSONText.string(content.color.hex)),
      ]
    case .image(let content):
      keys.append(("image", content.name.map(JSONText.string) ?? "null"))
      keys.append(("contentMode", JSONText.string(content.contentMode.rawValue)))
    default:
      break
    }
    if let background = node.background { keys.append(("background", JSONText.string(background.hex))) }
    if node.cornerRadius != 0 { keys.append(("cornerRadius", number(node.cornerRadius))) }
    if node.alpha != 1 { keys.append(("alpha", number(node.alpha))) }
    return keys
  }
}
