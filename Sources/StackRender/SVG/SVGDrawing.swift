import StackLayout

/// The body of an SVG picture, drawn row by row in document coordinates.
struct SVGDrawing {
  /// Inter first: its advances are the ones the text measurer uses.
  static let fontFamily = "Inter, 'SF Pro Text', -apple-system, system-ui, sans-serif"

  /// The SVG written so far (everything between the background and `</svg>`); other drawings
  /// of the module (the card stack) add their own wrappers around rows.
  var body = ""
  private var images: ImageEmbedder
  private var clipCount = 0
  /// The filter painting a template image in each tint drawn so far, by resolved colour.
  private var tintFilters: [Color: String] = [:]
  /// The current row's placeholders whose label is covered, and the painting number of the next node.
  private var cover = PlaceholderCover()
  private var nodeNumber = 0
  /// The current row's traits: which colour of a pair is drawn, and which way natural text aligns.
  private var traits = Traits.default

  /// A drawing that embeds real images from `assets` when given.
  init(assets: ImageAssets?) {
    images = ImageEmbedder(assets: assets)
  }

  /// Draws `row` with its top edge at `top`.
  mutating func draw(_ row: RenderRow, top: Double) {
    let kind = XMLText.escaped(row.kind)
    let id = XMLText.escaped(row.id)
    body += #"<g data-kind="\#(kind)" data-id="\#(id)" transform="translate(0,\#(n(top)))">"# + "\n"
    let placed = row.layout.placed
    cover = PlaceholderCover(placed)
    nodeNumber = 0
    traits = row.layout.traits
    draw(placed, originX: 0, originY: 0)
    body += "</g>\n"
  }

  private mutating func draw(_ placed: PlacedNode, originX: Double, originY: Double) {
    let node = placed.node
    guard !node.isHidden, node.alpha > 0 else { return }
    let showsLabel = !cover.hidesLabel(ofNode: nodeNumber)
    nodeNumber += 1
    let frame = Rect(
      x: originX + placed.frame.x, y: originY + placed.frame.y, width: placed.frame.width,
      height: placed.frame.height)
    if let accessibility = node.accessibility { open(accessibility) }
    let grouped = node.alpha < 1
    if grouped { body += #"<g opacity="\#(n(node.alpha))">"# + "\n" }
    if let background = node.background?.resolved(for: traits.scheme), background.alpha > 0 {
      body += rect(frame, radius: node.cornerRadius, fill: background) + "\n"
    }
    switch node.kind {
    case .text(let content):
      if let measurement = placed.text { drawText(content, measurement, in: frame) }
    case .image(let content):
      if let name = content.name {
        drawImage(
          name, mode: content.contentMode, tint: content.tint, radius: node.cornerRadius, in: frame,
          showsLabel: showsLabel)
      }
    default:
      break
    }
    for child in placed.children { draw(child, originX: frame.x, originY: frame.y) }
    if grouped { body += "</g>\n" }
    if node.accessibility != nil { body += "</g>\n" }
  }

  /// Opens the group of a node with accessibility: its role and ARIA attributes, the label as its `<title>` and
  /// the hint as its `<desc>`.
  private mutating func open(_ accessibility: Accessibility) {
    body += "<g" + AccessibilityMarkup(accessibility).attributes(focusable: false) + ">"
    if let label = accessibility.label { body += "<title>\(XMLText.escaped(label))</title>" }
    if let hint = accessibility.hint { body += "<desc>\(XMLText.escaped(hint))</desc>" }
    body += "\n"
  }

  /// Draws a label in a nested `<svg>` viewport at its frame, which clips anything a font draws past the frame.
  private mutating func drawText(_ content: TextContent, _ measurement: TextMeasurement, in frame: Rect) {
    guard frame.width > 0, frame.height > 0,
      let label = SVGLabel.element(
        content, measurement, size: frame.size, direction: traits.direction,
        fill: SVGLabel.fill(content.color.resolved(for: traits.scheme)))
    else { return }
    body += "<svg \(geometry(frame))>" + label + "</svg>\n"
  }

  /// Draws image `name` from the assets (a template painted in `tint` when given), else its placeholder, labelled
  /// unless `showsLabel` is false.
  private mutating func drawImage(
    _ name: String, mode: ContentMode, tint: Color?, radius: Double, in frame: Rect, showsLabel: Bool
  ) {
    guard frame.width > 0, frame.height > 0 else { return }
    if let uri = images.dataURI(named: name) {
      var clip = ""
      if radius > 0 {
        clipCount += 1
        let clipID = "clip\(clipCount)"
        body += #"<clipPath id="\#(clipID)">\#(rect(frame, radius: radius, fill: nil))</clipPath>"# + "\n"
        clip = " clip-path=\"url(#\(clipID))\""
      }
      let ratio = Self.aspectRatio(mode)
      let filter = tint.map { #" filter="url(#\#(tintFilter($0.resolved(for: traits.scheme))))""# } ?? ""
      body += #"<image \#(geometry(frame)) preserveAspectRatio="\#(ratio)"\#(clip)\#(filter) href="\#(uri)"/>"# + "\n"
      return
    }
    let label = PlaceholderLabel(name: name, size: frame.size)
    let title = "<title>\(XMLText.escaped(name))</title>"
    let edge = #" stroke="\#(PlaceholderLabel.edge.resolved(for: traits.scheme).rgbHex)""#
    let fill = PlaceholderLabel.fill.resolved(for: traits.scheme)
    body += rect(frame, radius: radius, fill: fill, attributes: edge, content: title) + "\n"
    guard showsLabel, let fontSize = label.fontSize else { return }
    let x = n(frame.x + frame.width / 2)
    let y = n(frame.y + label.baseline)
    body +=
      #"<text x="\#(x)" y="\#(y)" font-size="\#(n(fontSize))" fill="\#(PlaceholderLabel.ink.resolved(for: traits.scheme).rgbHex)""#
    body += #" text-anchor="middle">\#(XMLText.escaped(name))</text>"# + "\n"
  }

  /// The id of the filter that paints an image's alpha in `color` (a template image), defined the first time.
  private mutating func tintFilter(_ color: Color) -> String {
    if let known = tintFilters[color] { return known }
    let id = "tint\(tintFilters.count + 1)"
    tintFilters[color] = id
    body += #"<filter id="\#(id)"><feFlood flood-color="\#(color.rgbHex)"\#(opacity("flood-opacity", color))/>"#
    body += #"<feComposite in2="SourceAlpha" operator="in"/></filter>"# + "\n"
    return id
  }

  /// `preserveAspectRatio` for a content mode (`center` has no natural size here: it fits).
  static func aspectRatio(_ mode: ContentMode) -> String {
    switch mode {
    case .scaleToFill: "none"
    case .aspectFill: "xMidYMid slice"
    case .aspectFit, .center: "xMidYMid meet"
    }
  }

  private func rect(_ frame: Rect, radius: Double, fill: Color?, attributes: String = "", content: String = "")
    -> String
  {
    var element = "<rect \(geometry(frame))"
    let clamped = min(max(radius, 0), frame.width / 2, frame.height / 2)
    if clamped > 0 { element += #" rx="\#(n(clamped))""# }
    if let fill { element += #" fill="\#(fill.rgbHex)""# + opacity("fill-opacity", fill) }
    element += attributes
    return content.isEmpty ? element + "/>" : element + ">" + content + "</rect>"
  }

  private func geometry(_ frame: Rect) -> String {
    #"x="\#(n(frame.x))" y="\#(n(frame.y))" width="\#(n(max(frame.width, 0)))" height="\#(n(max(frame.height, 0)))""#
  }

  private func opacity(_ name: String, _ color: Color) -> String { Self.opacity(name, color) }

  /// ` name="alpha"` when `color` is not opaque, else nothing.
  static func opacity(_ name: String, _ color: Color) -> String {
    color.alpha < 1 ? #" \#(name)="\#(LayoutJSON.number(color.alpha))""# : ""
  }

  private func n(_ value: Double) -> String { LayoutJSON.number(value) }
}
