import StackLayout

extension SVGRenderer: StackRenderer {
  /// Draws the card stack as one SVG picture `width` × `contentHeight`: the background, then
  /// each card in order — its shadow, an opaque rounded card in the background colour, and the
  /// row's tree — clipped to the card's frame, so later cards cover earlier ones. Colours are drawn for the
  /// stack's scheme (``StackDocument/scheme``).
  public func render(_ stack: StackDocument, to output: inout some TextOutputStream) {
    var drawing = SVGDrawing(assets: assets)
    let scheme = stack.scheme
    for (index, card) in stack.cards.enumerated() {
      drawing.draw(card, clipID: "card\(index)", fill: background.resolved(for: scheme), scheme: scheme)
    }
    writeDocument(drawing.body, width: stack.width, height: stack.contentHeight, scheme: scheme, to: &output)
  }
}

extension SVGDrawing {
  /// Draws `card`: shadow, card background, its row and its outline (for `scheme`), clipped to the card's
  /// rounded frame.
  mutating func draw(_ card: StackCard, clipID: String, fill: Color, scheme: ColorScheme) {
    let frame = card.frame
    let size = Rect(x: 0, y: 0, width: max(frame.width, 0), height: max(frame.height, 0))
    let radius = LayoutJSON.number(min(StackDocument.cardCornerRadius, size.width / 2, size.height / 2))
    let shadow = StackDocument.shadowColor
    body += #"<rect x="\#(n(frame.x))" y="\#(n(frame.y + StackDocument.shadowOffset))" "#
    body += #"width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(radius)" fill="\#(shadow.rgbHex)""#
    body += Self.opacity("fill-opacity", shadow) + "/>\n"
    body += #"<clipPath id="\#(clipID)"><rect width="\#(n(size.width))" height="\#(n(size.height))" "#
    body += #"rx="\#(radius)"/></clipPath>"# + "\n"
    body += #"<g transform="translate(\#(n(frame.x)),\#(n(frame.y)))" clip-path="url(#\#(clipID))">"# + "\n"
    body += #"<rect width="\#(n(size.width))" height="\#(n(size.height))" fill="\#(fill.rgbHex)""#
    body += Self.opacity("fill-opacity", fill) + "/>\n"
    draw(card.row, top: 0)
    // Stroked 2 pt wide on the clipped edge: the inner 1 pt shows, over the content.
    body += #"<rect width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(radius)" fill="none" "#
    body += #"stroke="\#(StackDocument.edgeColor.resolved(for: scheme).rgbHex)" stroke-width="2"/>"# + "\n"
    body += "</g>\n"
  }

  private func n(_ value: Double) -> String { LayoutJSON.number(value) }
}
