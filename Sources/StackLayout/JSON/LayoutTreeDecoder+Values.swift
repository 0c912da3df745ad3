import JSONCore

extension LayoutTreeDecoder {
  /// Text and image keys; false when `key` is not one of them.
  mutating func applyContent(_ key: String, _ value: JSONValue, to node: inout LayoutNode) throws(LayoutJSONError)
    -> Bool
  {
    switch node.kind {
    case .text(var content):
      switch key {
      case "text": content.string = try string(value, key)
      case "font": content.font = try font(value)
      case "lines": content.lines = try lineLimit(value, key)
      case "accessibilityLines": content.accessibilityLines = try lineLimit(value, key)
      case "textStyle": content.textStyle = try choice(value, key)
      case "textAlignment": content.alignment = try choice(value, key)
      case "color": content.color = try color(value, key) ?? .black
      default: return false
      }
      node.kind = .text(content)
      return true
    case .image(var content):
      switch key {
      case "image": content.name = try optionalString(value, key)
      case "contentMode": content.contentMode = try choice(value, key)
      case "tint": content.tint = try color(value, key)
      default: return false
      }
      node.kind = .image(content)
      return true
    default:
      return false
    }
  }

  /// `widthPriority`, `heightPriority`, `aspectRatioPriority` (1…1000), in any key order.
  mutating func applyPriorities(_ key: String, _ value: JSONValue, to node: inout LayoutNode) throws(LayoutJSONError) {
    guard key.hasSuffix("Priority") else { return }
    let raw = try number(value, key)
    guard (1...1000).contains(raw) else {
      throw error(key, "must be between 1 and 1000, got \(LayoutJSON.number(raw))")
    }
    let priority = LayoutPriority(Float(raw))
    switch key {
    case "widthPriority": node.width = SizeConstraint(node.width?.value ?? .nan, priority: priority)
    case "heightPriority": node.height = SizeConstraint(node.height?.value ?? .nan, priority: priority)
    default: node.aspectRatio = AspectRatio(node.aspectRatio?.ratio ?? .nan, priority: priority)
    }
  }

  /// A line limit: a whole number ≥ 0 (0 = unlimited).
  func lineLimit(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> Int {
    let lines = try number(value, key)
    guard lines >= 0, lines == lines.rounded(), lines <= Double(Int32.max) else {
      throw error(key, "expected a whole number ≥ 0 (0 = unlimited), got \(LayoutJSON.number(lines))")
    }
    return Int(lines)
  }

  func number(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> Double {
    guard let number = value.double else { throw error(key, "expected a number, got \(value.typeName)") }
    guard number.isFinite else { throw error(key, "number out of range") }
    return number
  }

  func length(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> Double {
    let number = try number(value, key)
    guard number >= 0 else { throw error(key, "must not be negative, got \(LayoutJSON.number(number))") }
    return number
  }

  func string(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> String {
    guard case .string(let text) = value else { throw error(key, "expected a string, got \(value.typeName)") }
    return text
  }

  func optionalString(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> String? {
    if case .null = value { return nil }
    return try string(value, key)
  }

  func bool(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> Bool {
    guard case .bool(let flag) = value else { throw error(key, "expected true or false, got \(value.typeName)") }
    return flag
  }

  func object(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = value else { throw error(key, "expected an object, got \(value.typeName)") }
    return members
  }

  func choice<Choice: RawRepresentable & CaseIterable>(_ value: JSONValue, _ key: String) throws(LayoutJSONError)
    -> Choice where Choice.RawValue == String
  {
    let text = try string(value, key)
    guard let choice = Choice(rawValue: text) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw error(key, "unknown value \"\(text)\" (expected \(names))")
    }
    return choice
  }

  /// `"#RRGGBB"`/`"#RRGGBBAA"`, `{"light": …, "dark": …}` (a pair; both required) or null.
  mutating func color(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> Color? {
    guard case .object(let members) = value else {
      guard let text = try optionalString(value, key) else { return nil }
      return try hexColor(text, key)
    }
    var light: Color?
    var dark: Color?
    for (scheme, half) in members {
      switch scheme {
      case "light": light = try hexColor(try string(half, "\(key).light"), "\(key).light")
      case "dark": dark = try hexColor(try string(half, "\(key).dark"), "\(key).dark")
      default: warnings.append(LayoutWarning(path: path("\(key).\(scheme)"), message: "unknown key: ignored"))
      }
    }
    guard let light, let dark else {
      let missing = light == nil ? "light" : "dark"
      throw error(key, "a colour pair needs both \"light\" and \"dark\" (\(missing) is missing)")
    }
    return .pair(light: light, dark: dark)
  }

  private func hexColor(_ text: String, _ key: String) throws(LayoutJSONError) -> Color {
    guard let color = Color(hex: text) else {
      throw error(
        key, "expected a colour \"#RRGGBB\", \"#RRGGBBAA\" or {\"light\": …, \"dark\": …}, got \"\(text)\"")
    }
    return color
  }

  /// `{"label", "hint", "traits": [names], "hidden"}` (each optional) or null.
  mutating func accessibility(_ value: JSONValue, _ key: String) throws(LayoutJSONError) -> Accessibility? {
    if case .null = value { return nil }
    var accessibility = Accessibility()
    for (sub, subValue) in try object(value, key) {
      let subKey = "\(key).\(sub)"
      switch sub {
      case "label": accessibility.label = try optionalString(subValue, subKey)
      case "hint": accessibility.hint = try optionalString(subValue, subKey)
      case "hidden": accessibility.isHidden = try bool(subValue, subKey)
      case "traits":
        guard case .array(let names) = subValue else {
          throw error(subKey, "expected an array of trait names, got \(subValue.typeName)")
        }
        for (index, name) in names.enumerated() {
          let trait: AccessibilityTrait = try choice(name, "\(subKey)[\(index)]")
          accessibility.traits.insert(trait)
        }
      default: warnings.append(LayoutWarning(path: path(subKey), message: "unknown key: ignored"))
      }
    }
    return accessibility
  }

  /// A number (every edge) or an object of edges, each optional (default 0): `{"top", "left", "bottom",
  /// "right"}` (absolute) or `{"top", "leading", "bottom", "trailing"}` (directional); one object never mixes
  /// the two.
  mutating func margin(_ value: JSONValue, _ key: String, into node: inout LayoutNode) throws(LayoutJSONError) {
    if value.double != nil {
      node.margin = .all(try length(value, key))
      return
    }
    var edges = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)
    var absolute: String?
    var directional: String?
    for (edge, edgeValue) in try object(value, key) {
      let length = try length(edgeValue, "\(key).\(edge)")
      switch edge {
      case "top": edges.top = length
      case "bottom": edges.bottom = length
      case "left", "right", "leading", "trailing":
        let isLeft = edge == "left" || edge == "leading"
        if isLeft { edges.left = length } else { edges.right = length }
        if edge == "left" || edge == "right" { absolute = absolute ?? edge } else { directional = directional ?? edge }
        if let absolute, let directional {
          throw error(
            "\(key).\(edge)",
            "\"\(absolute)\" and \"\(directional)\" in one margin: use left/right (absolute) or leading/trailing (directional)"
          )
        }
      default: warnings.append(LayoutWarning(path: path("\(key).\(edge)"), message: "unknown key: ignored"))
      }
    }
    if directional != nil {
      node.directionalMargin = DirectionalEdgeInsets(
        top: edges.top, leading: edges.left, bottom: edges.bottom, trailing: edges.right)
    } else {
      node.margin = EdgeInsets(top: edges.top, left: edges.left, bottom: edges.bottom, right: edges.right)
    }
  }

  mutating func font(_ value: JSONValue) throws(LayoutJSONError) -> FontStyle {
    var font = FontStyle(size: 17)
    for (sub, subValue) in try object(value, "font") {
      switch sub {
      case "size": font.size = try length(subValue, "font.size")
      case "weight": font.weight = try choice(subValue, "font.weight")
      default: warnings.append(LayoutWarning(path: path("font.\(sub)"), message: "unknown key: ignored"))
      }
    }
    return font
  }
}
