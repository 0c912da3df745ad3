import StackLayout

/// Draws the rows as a web page: one absolutely positioned `<div>` per drawn node, nested like
/// the tree, so every node's parent-relative frame is its CSS `left`/`top`/`width`/`height`.
///
/// Boxes carry their colour, alpha and corner radius; labels hold an inline SVG of their frame
/// with the SVG renderer's `<text>` (each measured line held to its measured width, clipped to the
/// frame, so no font draws past the frame); images are grey
/// labelled placeholders, or the real file from ``assets`` (embedded once per document as a CSS
/// class). Nodes keep their `id` and `action` as `data-id` and `data-action`. The page is
/// well-formed XML (XHTML) as well as HTML, and is written row by row as the rows arrive.
///
/// ```swift
/// let html = HTMLRenderer().render(rows, width: 390)
/// ```
public struct HTMLRenderer: RowRenderer {
  /// Where real images are looked up; nil draws every image as a placeholder.
  public var assets: ImageAssets?
  /// The page background behind the rows.
  public var background: Color
  /// The page title.
  public var title: String

  /// Creates an HTML renderer; the background defaults to the reference screen's white 0.95.
  public init(assets: ImageAssets? = nil, background: Color = .white(0.95), title: String = "Stackfeed") {
    self.assets = assets
    self.background = background
    self.title = title
  }

  /// Writes the page for `rows` at `width` points (CSS pixels).
  public func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream) {
    output.write(documentStart(feedStyle: "width:\(LayoutJSON.number(width))px"))
    var drawing = HTMLDrawing(assets: assets)
    for row in rows {
      drawing.draw(row)
      output.write(drawing.takeOutput())
    }
    output.write(Self.documentEnd)
  }

  /// The page up to and including the opening `feed` div, whose inline style is `feedStyle`.
  func documentStart(feedStyle: String) -> String {
    """
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
    <head>
    <meta charset="utf-8"/>
    <meta name="viewport" content="width=device-width, initial-scale=1"/>
    <title>\(XMLText.escaped(title))</title>
    <style>
    body{margin:0;background:\(background.css)}
    .feed{position:relative;margin:0 auto;font-family:\(HTMLDrawing.fontFamily)}
    .row{position:relative}
    .n{position:absolute;box-sizing:border-box}
    .t>svg{display:block}
    .t text{white-space:pre}
    .img{background-repeat:no-repeat;background-position:center;overflow:hidden}
    .ph{display:flex;align-items:center;justify-content:center;overflow:hidden;white-space:nowrap;\
    background:\(PlaceholderLabel.fill.css);border:1px solid \(PlaceholderLabel.edge.css);\
    color:\(PlaceholderLabel.ink.css)}
    </style>
    </head>
    <body>
    <div class="feed" style="\(feedStyle)">

    """
  }

  /// Closes the `feed` div and the page.
  static let documentEnd = "</div>\n</body>\n</html>\n"
}
