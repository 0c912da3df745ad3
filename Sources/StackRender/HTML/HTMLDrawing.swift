import StackLayout

/// Writes rows as nested, absolutely positioned `<div>`s.
struct HTMLDrawing {
  /// Inter first: its advances are the ones the text measurer uses.
  static let fontFamily = "Inter,'SF Pro Text',-apple-system,system-ui,sans-serif"

  private var output = ""
  private var images: ImageEmbedder
  /// CSS class names of the embedded images, by image name.
  private var classes: [String: String] = [:]
  /// The current row's placeholders whose label is covered, and the painting number of the next node.
  private var cover = PlaceholderCover()
  private var nodeNumber = 0

  /// A drawing that embeds real images from `assets` when given.
  init(assets: ImageAssets?) {
    images = ImageEmbedder(assets: assets)
  }

  /// The HTML written since the last call.
  mutating func takeOutput() -> String {
    defer { output = "" }
    return output
  }

  /// Writes one row: a `row` div as high as the row, holding the card's root node.
  mutating func draw(_ row: RenderRow) {
    let kind = XMLText.escaped(row.kind)
    let id = XMLText.escaped(row.id)
    output += #"<div class="row" data-kind="\#(kind)" data-id="\#(id)" style="height:\#(px(row.height))">"# + "\n"
    let placed = row.layout.placed
    cover = PlaceholderCover(placed)
    nodeNumber = 0
    draw(placed)
    output += "</div>\n"
  }

  /// What a node's `<div>` says besides its frame.
  private struct Element {
    var classNames = ["n"]
    var style = ""
    var content = ""
    var title: String?
    var coversBackground = false
  }

  private mutating func draw(_ placed: PlacedNode) {
    let node = placed.node
    guard !node.isHidden, node.alpha > 0 else { return }
    let showsLabel = !cover.hidesLabel(ofNode: nodeNumber)
    nodeNumber += 1
    let drawsBackground = node.background.map { $0.alpha > 0 } ?? false
    if case .spacer = node.kind, !drawsBackground, node.action == nil { return }
    let element = content(of: placed, showsLabel: showsLabel)
    var style = geometry(placed.frame)
    if node.alpha < 1 { style += ";opacity:\(LayoutJSON.number(node.alpha))" }
    if drawsBackground, !element.coversBackground, let background = node.background {
      style += ";background-color:\(background.css)"
    }
    if node.cornerRadius > 0 { style += ";border-radius:\(px(node.cornerRadius))" }
    var open = #"<div class="\#(element.classNames.joined(separator: " "))""#
    if let id = node.id { open += #" data-id="\#(XMLText.escaped(id))""# }
    if let action = node.action { open += #" data-action="\#(XMLText.escaped(action))""# }
    if let title = element.title { open += #" title="\#(XMLText.escaped(title))""# }
    output += open + #" style="\#(style + element.style)">"# + element.content
    if !placed.children.isEmpty {
      output += "\n"
      for child in placed.children { draw(child) }
    }
    output += "</div>\n"
  }

  /// The classes, style and content of a label or image; a placeholder covers the background, and is
  /// labelled with the image's name unless `showsLabel` is false.
  private mutating func content(of placed: PlacedNode, showsLabel: Bool) -> Element {
    var element = Element()
    switch placed.node.kind {
    case .text(let text):
      element.classNames.append("t")
      element.content = label(text, placed.text, size: placed.frame.size)
    case .image(let image):
      guard let name = image.name, placed.frame.width > 0, placed.frame.height > 0 else { break }
      element.title = name
      if let className = imageClass(name) {
        element.classNames += ["img", className]
        element.style = ";background-size:\(Self.backgroundSize(image.contentMode))"
      } else {
        element.classNames.append("ph")
        element.coversBackground = true
        if showsLabel, let size = PlaceholderLabel(name: name, size: placed.frame.size).fontSize {
          element.style = ";font-size:\(px(size))"
          element.content = XMLText.escaped(name)
        }
      }
    default:
      break
    }
    return element
  }

  /// A label as an inline SVG the size of its frame (which clips it) holding ``SVGLabel``'s `<text>`.
  private func label(_ content: TextContent, _ measurement: TextMeasurement?, size: Size) -> String {
    guard size.width > 0, size.height > 0, let measurement,
      let text = SVGLabel.element(content, measurement, size: size)
    else { return "" }
    let box = #"width="\#(LayoutJSON.number(size.width))" height="\#(LayoutJSON.number(size.height))""#
    return #"<svg xmlns="http://www.w3.org/2000/svg" \#(box)>"# + text + "</svg>"
  }

  /// The CSS class showing image `name`, defined in a `<style>` the first time; nil without a file.
  private mutating func imageClass(_ name: String) -> String? {
    if let known = classes[name] { return known }
    guard let uri = images.dataURI(named: name) else { return nil }
    let className = "a\(classes.count + 1)"
    classes[name] = className
    output += #"<style>.\#(className){background-image:url("\#(uri)")}</style>"# + "\n"
    return className
  }

  /// CSS `background-size` for a content mode (`center` has no natural size here: it fits).
  static func backgroundSize(_ mode: ContentMode) -> String {
    switch mode {
    case .scaleToFill: "100% 100%"
    case .aspectFill: "cover"
    case .aspectFit, .center: "contain"
    }
  }

  private func geometry(_ frame: Rect) -> String {
    "left:\(px(frame.x));top:\(px(frame.y));width:\(px(max(frame.width, 0)));height:\(px(max(frame.height, 0)))"
  }

  private func px(_ value: Double) -> String { LayoutJSON.number(value) + "px" }
}
