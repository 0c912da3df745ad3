import StackLayout

extension HTMLRenderer: StackRenderer {
  /// Writes the card stack as a page: the container `width` × `contentHeight` (clipping what
  /// lies below), and each card an absolutely positioned, opaque, rounded, outlined `card` div
  /// at its frame with the seed's shadow, clipping its row (`overflow:hidden`); later cards come later
  /// in the page and carry a higher `z-index`, so they cover earlier ones.
  public func render(_ stack: StackDocument, to output: inout some TextOutputStream) {
    let size = "width:\(px(stack.width));height:\(px(stack.contentHeight))"
    let scheme = stack.scheme
    output.write(documentStart(feedStyle: size + ";overflow:hidden", scheme: scheme))
    var drawing = HTMLDrawing(assets: assets, followsSystemScheme: followsSystemScheme, images: images)
    let shadow = StackDocument.shadowColor
    let edge =
      followsSystemScheme
      ? drawing.paint(StackDocument.edgeColor) : StackDocument.edgeColor.resolved(for: scheme).css
    output.write(drawing.takeOutput())
    let decoration =
      "overflow:hidden;background:\(pageBackground(for: scheme));"
      + "border-radius:\(px(StackDocument.cardCornerRadius));"
      + "box-shadow:0 \(px(StackDocument.shadowOffset)) \(px(StackDocument.shadowOffset * 2)) \(shadow.css);"
      + "outline:1px solid \(edge);outline-offset:-1px"
    for (index, card) in stack.cards.enumerated() {
      let frame = card.frame
      let geometry =
        "position:absolute;left:\(px(frame.x));top:\(px(frame.y));"
        + "width:\(px(max(frame.width, 0)));height:\(px(max(frame.height, 0)));z-index:\(index)"
      output.write(#"<div class="card" style="\#(geometry);\#(decoration)">"# + "\n")
      drawing.draw(card.row)
      output.write(drawing.takeOutput())
      output.write("</div>\n")
    }
    output.write(Self.documentEnd)
  }

  private func px(_ value: Double) -> String { LayoutJSON.number(value) + "px" }
}
