import StackLayout

/// Writes rows as nested, absolutely positioned `<div>`s.
struct HTMLDrawing {
  /// Inter first: its advances are the ones the text measurer uses.
  static let fontFamily = "Inter,'SF Pro Text',-apple-system,system-ui,sans-serif"

  private var output = ""
  private var images: ImageEmbedder
  /// CSS class names of the embedded images, by image name.
  private var classes: [String: String] = [:]
  /// CSS class names of the embedded images used as template masks, by image name and content mode.
  private var masks: [String: String] = [:]
  /// The current row's placeholders whose label is covered, and the painting number of the next node.
  private var cover = PlaceholderCover()
  private var nodeNumber = 0
  /// The current row's traits: which colour of a pair is drawn, and the row's `dir`.
  private var traits = Traits.default
  /// Whether a light/dark pair is written as both colours, chosen by `prefers-color-scheme`.
  private let followsSystemScheme: Bool
  /// The CSS custom property of each pair written so far (`followsSystemScheme`).
  private var pairs: [Color: String] = [:]
  /// The pictures of image nodes, drawn as `<img>`s.
  private let links: (any ImageLinking)?

  /// A drawing that links the image nodes `links` knows to their pictures, embeds real images from `assets`
  /// for the others when given, and writes each light/dark pair as both colours when `followsSystemScheme`, else
  /// the colour of each row's scheme.
  init(assets: ImageAssets?, followsSystemScheme: Bool = false, images links: (any ImageLinking)? = nil) {
    images = ImageEmbedder(assets: assets)
    self.followsSystemScheme = followsSystemScheme
    self.links = links
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
    traits = row.layout.traits
    let direction = traits.direction == .rightToLeft ? #" dir="rtl""# : ""
    output +=
      #"<div class="row" data-kind="\#(kind)" data-id="\#(id)"\#(direction) style="height:\#(px(row.height))">"#
      + "\n"
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
    if case .spacer = node.kind, !drawsBackground, node.action == nil, node.accessibility == nil { return }
    let element = content(of: placed, showsLabel: showsLabel)
    var style = geometry(placed.frame)
    if node.alpha < 1 { style += ";opacity:\(LayoutJSON.number(node.alpha))" }
    if drawsBackground, !element.coversBackground, let background = node.background {
      style += ";background-color:\(paint(background))"
    }
    if node.cornerRadius > 0 { style += ";border-radius:\(px(node.cornerRadius))" }
    var open = #"<div class="\#(element.classNames.joined(separator: " "))""#
    if let id = node.id { open += #" data-id="\#(XMLText.escaped(id))""# }
    if let action = node.action { open += #" data-action="\#(XMLText.escaped(action))""# }
    if let title = element.title { open += #" title="\#(XMLText.escaped(title))""# }
    if let accessibility = node.accessibility { open += AccessibilityMarkup(accessibility).attributes(focusable: true) }
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
      element.content = label(text, placed.text, size: placed.frame.size, fill: labelFill(text.color))
    case .image(let image):
      guard let name = image.name, placed.frame.width > 0, placed.frame.height > 0 else { break }
      element.title = name
      if let tint = image.tint,
        let mask = templateMask(
          name, link: links?.link(for: image, size: placed.frame.size),
          mode: image.contentMode)
      {
        element.classNames += mask.classNames
        element.style = ";background-color:\(paint(tint))" + mask.style
        element.coversBackground = true
      } else if let link = links?.link(for: image, size: placed.frame.size) {
        element.content = Self.picture(link, contentMode: image.contentMode)
        if let placeholder = link.placeholder {
          element.style = ";background-color:\(placeholder.css)"
          element.coversBackground = true
        }
        if placed.node.cornerRadius > 0 { element.style += ";overflow:hidden" }
      } else if let className = imageClass(name) {
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
  private func label(_ content: TextContent, _ measurement: TextMeasurement?, size: Size, fill: String) -> String {
    guard size.width > 0, size.height > 0, let measurement,
      let text = SVGLabel.element(content, measurement, size: size, direction: traits.direction, fill: fill)
    else { return "" }
    let box = #"width="\#(LayoutJSON.number(size.width))" height="\#(LayoutJSON.number(size.height))""#
    return #"<svg xmlns="http://www.w3.org/2000/svg" \#(box)>"# + text + "</svg>"
  }

  /// A CSS colour for `color`: the colour of the row's scheme, or, for a pair when following the system's
  /// scheme, `var(--cN)`, the custom property defined (in a `<style>`, the first time) as the light colour and,
  /// under `@media (prefers-color-scheme: dark)`, as the dark one.
  mutating func paint(_ color: Color) -> String {
    guard followsSystemScheme, color.isPair else { return color.resolved(for: traits.scheme).css }
    if let known = pairs[color] { return "var(--\(known))" }
    let name = "c\(pairs.count + 1)"
    pairs[color] = name
    output += "<style>:root{--\(name):\(color.light.css)}"
    output += "@media (prefers-color-scheme:dark){:root{--\(name):\(color.dark.css)}}</style>\n"
    return "var(--\(name))"
  }

  /// A label's paint attributes: the SVG `fill` of the resolved colour, or a `fill` style of the pair's
  /// custom property.
  private mutating func labelFill(_ color: Color) -> String {
    guard followsSystemScheme, color.isPair else { return SVGLabel.fill(color.resolved(for: traits.scheme)) }
    return #" style="fill:\#(paint(color))""#
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

  /// A template image's mask (its shape, painted in the node's tint as its background): a linked picture's URL
  /// inline, or a file of the assets as a CSS class defined the first time; nil with neither.
  private mutating func templateMask(_ name: String, link: ImageLink?, mode: ContentMode) -> (
    classNames: [String], style: String
  )? {
    if let link { return ([], ";" + Self.mask(url: XMLText.escaped(link.url), mode: mode)) }
    let key = name + "\u{0}" + mode.rawValue
    if let known = masks[key] { return ([known], "") }
    guard let uri = images.dataURI(named: name) else { return nil }
    let className = "m\(masks.count + 1)"
    masks[key] = className
    output += "<style>.\(className){\(Self.mask(url: uri, mode: mode))}</style>\n"
    return ([className], "")
  }

  /// The CSS mask of the picture at `url`, placed and sized as `mode` fits it (prefixed too: Chromium before 120).
  static func mask(url: String, mode: ContentMode) -> String {
    let mask = #"url("\#(url)") center/\#(backgroundSize(mode)) no-repeat"#
    return "-webkit-mask:\(mask);mask:\(mask)"
  }

  /// An `<img>` of `link`'s picture filling its node: `src` the document scale's, `srcset` every scale's (the
  /// browser takes the one for its screen), fitted by `object-fit` as `contentMode` says; the node's `<div>`
  /// carries what it says to assistive technology, so the picture itself is decorative (`alt=""`).
  static func picture(_ link: ImageLink, contentMode: ContentMode) -> String {
    var tag = #"<img src="\#(XMLText.escaped(link.url))""#
    if !link.srcset.isEmpty {
      let set = link.srcset.map { "\($0.url) \($0.scale)x" }.joined(separator: ", ")
      tag += #" srcset="\#(XMLText.escaped(set))""#
    }
    return tag + #" alt="" style="display:block;width:100%;height:100%;object-fit:\#(objectFit(contentMode))"/>"#
  }

  /// CSS `object-fit` for a content mode (`center` keeps the picture's size, shrunk if it is larger).
  static func objectFit(_ mode: ContentMode) -> String {
    switch mode {
    case .scaleToFill: "fill"
    case .aspectFill: "cover"
    case .aspectFit: "contain"
    case .center: "scale-down"
    }
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
