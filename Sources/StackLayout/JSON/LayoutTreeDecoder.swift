import JSONCore

/// Turns parsed JSON into a `LayoutNode`, checking every key of contract.md's table.
///
/// Recursion is bounded by `maxDepth`; the path of the node being decoded is kept as child indices
/// and only rendered into a string when an error or warning needs it.
struct LayoutTreeDecoder {
  var warnings: [LayoutWarning] = []
  let maxDepth: Int
  private var trail: [Int] = []

  init(maxDepth: Int) {
    self.maxDepth = maxDepth
  }

  static let stackKeys: Set<String> = ["children", "spacing", "distribution", "alignment", "margin"]
  static let textKeys: Set<String> = [
    "text", "font", "textStyle", "lines", "accessibilityLines", "textAlignment", "color",
  ]
  static let imageKeys: Set<String> = ["image", "contentMode", "tint"]
  static let types = ["vstack", "hstack", "zstack", "spacer", "text", "image", "box"]

  /// `root.children[2]` plus an optional key path.
  func path(_ key: String? = nil) -> String {
    var text = "root"
    for index in trail { text += ".children[\(index)]" }
    if let key { text += "." + key }
    return text
  }

  func error(_ key: String?, _ message: String) -> LayoutJSONError {
    LayoutJSONError(path: path(key), message: message)
  }

  mutating func node(_ value: JSONValue) throws(LayoutJSONError) -> LayoutNode {
    guard case .object(let members) = value else {
      throw error(nil, "expected a node object, got \(value.typeName)")
    }
    guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
      throw error("type", "missing (every node needs a type: \(Self.types.joined(separator: ", ")))")
    }
    let type = try string(typeValue, "type")
    var node: LayoutNode
    switch type {
    case "vstack": node = LayoutNode(kind: .vstack)
    case "hstack": node = LayoutNode(kind: .hstack)
    case "zstack": node = LayoutNode(kind: .zstack)
    case "spacer": node = LayoutNode(kind: .spacer)
    case "text": node = LayoutNode(kind: .text(TextContent("")))
    case "image": node = LayoutNode(kind: .image(ImageContent(name: nil)))
    case "box": node = LayoutNode(kind: .box)
    default:
      throw error("type", "unknown type \"\(type)\" (expected \(Self.types.joined(separator: ", ")))")
    }
    for (key, value) in members where key != "type" {
      if Self.stackKeys.contains(key) && !node.isStack || Self.textKeys.contains(key) && type != "text"
        || Self.imageKeys.contains(key) && type != "image"
      {
        if key == "children" { throw error(key, "only vstack, hstack and zstack have children") }
        warnings.append(LayoutWarning(path: path(key), message: "does not apply to a \(type) node: ignored"))
        continue
      }
      try apply(key, value, to: &node)
    }
    if node.width?.value.isNaN == true { node.width = nil }
    if node.height?.value.isNaN == true { node.height = nil }
    if node.aspectRatio?.ratio.isNaN == true { node.aspectRatio = nil }
    for (key, missing) in [("width", node.width), ("height", node.height)] where missing == nil {
      if members.contains(where: { $0.key == key + "Priority" }) {
        warnings.append(LayoutWarning(path: path(key + "Priority"), message: "has no \(key) to apply to: ignored"))
      }
    }
    if node.aspectRatio == nil, members.contains(where: { $0.key == "aspectRatioPriority" }) {
      warnings.append(
        LayoutWarning(path: path("aspectRatioPriority"), message: "has no aspectRatio to apply to: ignored"))
    }
    return node
  }

  private mutating func apply(_ key: String, _ value: JSONValue, to node: inout LayoutNode) throws(LayoutJSONError) {
    switch key {
    case "id": node.id = try optionalString(value, key)
    case "action": node.action = try optionalString(value, key)
    case "hidden": node.isHidden = try bool(value, key)
    case "children": node.children = try children(value)
    case "spacing": node.spacing = try length(value, key)
    case "distribution": node.distribution = try choice(value, key)
    case "alignment": node.alignment = try choice(value, key)
    case "margin": try margin(value, key, into: &node)
    case "scalesWith": node.scalesWith = try choice(value, key)
    case "width": node.width = SizeConstraint(try length(value, key), priority: node.width?.priority ?? .required)
    case "height": node.height = SizeConstraint(try length(value, key), priority: node.height?.priority ?? .required)
    case "aspectRatio":
      let ratio = try number(value, key)
      guard ratio > 0 else { throw error(key, "must be greater than 0, got \(LayoutJSON.number(ratio))") }
      node.aspectRatio = AspectRatio(ratio, priority: node.aspectRatio?.priority ?? .required)
    case "widthPriority", "heightPriority", "aspectRatioPriority": break  // applied below
    case "intrinsic":
      let size = try object(value, key)
      for (sub, subValue) in size {
        switch sub {
        case "width": node.intrinsicWidth = try length(subValue, "\(key).\(sub)")
        case "height": node.intrinsicHeight = try length(subValue, "\(key).\(sub)")
        default: warnings.append(LayoutWarning(path: path("\(key).\(sub)"), message: "unknown key: ignored"))
        }
      }
    case "background": node.background = try color(value, key)
    case "cornerRadius": node.cornerRadius = try length(value, key)
    case "alpha":
      let alpha = try number(value, key)
      guard (0...1).contains(alpha) else {
        throw error(key, "must be between 0 and 1, got \(LayoutJSON.number(alpha))")
      }
      node.alpha = alpha
    case "accessibility": node.accessibility = try accessibility(value, key)
    case "frame": break  // output of a previous layout: recomputed
    default:
      if try !applyContent(key, value, to: &node) {
        warnings.append(LayoutWarning(path: path(key), message: "unknown key: ignored"))
      }
    }
    try applyPriorities(key, value, to: &node)
  }

  private mutating func children(_ value: JSONValue) throws(LayoutJSONError) -> [LayoutNode] {
    guard case .array(let elements) = value else { throw error("children", "expected an array, got \(value.typeName)") }
    guard trail.count < maxDepth else {
      throw error(nil, "nesting deeper than \(maxDepth) levels is not supported")
    }
    var nodes: [LayoutNode] = []
    nodes.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      trail.append(index)
      nodes.append(try node(element))
      trail.removeLast()
    }
    return nodes
  }
}
