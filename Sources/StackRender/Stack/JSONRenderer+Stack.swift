import StackLayout

extension JSONRenderer: StackRenderer {
  /// The schema name of a card-stack document.
  public static let stackSchema = "stackfeed.stack/1"

  /// Writes `stackfeed.stack/1` (contract.md): the state, the content height, and every card
  /// back to front as `{"kind", "id", "frame", "card"}`, `frame` being the card's frame in the
  /// stack's container and `card` its laid-out tree as `LayoutJSON.encode` writes it.
  ///
  /// ```json
  /// {"schema": "stackfeed.stack/1", "state": "collapsed", "contentHeight": 200, "cards": [
  ///   {"kind": "header", "id": "profile", "frame": {"x": 8, "y": 0, "width": 374, "height": 200}, "card": {
  ///     …
  ///   }}
  /// ]}
  /// ```
  public func render(_ stack: StackDocument, to output: inout some TextOutputStream) {
    output.write(
      "{\"schema\": \(LayoutJSON.string(Self.stackSchema)), \"state\": \(LayoutJSON.string(stack.state)), "
        + "\"contentHeight\": \(LayoutJSON.number(stack.contentHeight)), \"cards\": [")
    var separator = "\n"
    for card in stack.cards {
      let frame = card.frame
      output.write(separator)
      output.write(
        "  {\"kind\": \(LayoutJSON.string(card.row.kind)), \"id\": \(LayoutJSON.string(card.row.id)), "
          + "\"frame\": {\"x\": \(LayoutJSON.number(frame.x)), \"y\": \(LayoutJSON.number(frame.y)), "
          + "\"width\": \(LayoutJSON.number(frame.width)), \"height\": \(LayoutJSON.number(frame.height))}, "
          + "\"card\": ")
      output.write(LayoutJSON.encode(card.row.layout, indent: 2, images: images))
      output.write("}")
      separator = ",\n"
    }
    output.write(separator == "\n" ? "]}\n" : "\n]}\n")
  }
}
