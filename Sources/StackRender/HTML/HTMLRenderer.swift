import StackLayout

/// Draws the rows as a web page: one absolutely positioned `<div>` per drawn node, nested like
/// the tree, so every node's parent-relative frame is its CSS `left`/`top`/`width`/`height`.
///
/// Boxes carry their colour, alpha and corner radius; labels hold an inline SVG of their frame
/// with the SVG renderer's `<text>` (each measured line held to its measured width, clipped to the
/// frame, so no font draws past the frame); an image node ``images`` links is an `<img>` with its `src` and
/// `srcset` (the browser picks the picture for its screen) on the picture's placeholder colour, fitted as its
/// content mode says (`object-fit`); other images are grey labelled placeholders, or the real file from
/// ``assets`` (embedded once per document as a CSS class). Nodes keep their `id` and `action` as `data-id` and `data-action`; a node's accessibility is its
/// ARIA `role`, `aria-label`, `aria-description` and `aria-hidden` (``AccessibilityMarkup``), and a
/// right-to-left row is `dir="rtl"`. Colours are each row's scheme's (`LayoutResult.traits`), the page
/// background the first row's; with ``followsSystemScheme`` every light/dark pair is written as both
/// colours, the browser's `prefers-color-scheme` choosing. The page is
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
  /// Whether the page follows the browser's colour scheme: every light/dark pair (the background's too) is
  /// written as both colours, CSS custom properties set under `@media (prefers-color-scheme: dark)`, instead of
  /// the colour of each row's scheme. Off by default (a forced scheme's resolved colours).
  public var followsSystemScheme: Bool
  /// The pictures of the image nodes, drawn as `<img>`s (before ``assets``); nil links none.
  public var images: (any ImageLinking)?

  /// Creates an HTML renderer; the background defaults to the reference screen's white 0.95.
  public init(
    assets: ImageAssets? = nil, background: Color = .white(0.95), title: String = "Stackfeed",
    followsSystemScheme: Bool = false, images: (any ImageLinking)? = nil
  ) {
    self.assets = assets
    self.background = background
    self.title = title
    self.followsSystemScheme = followsSystemScheme
    self.images = images
  }

  /// Writes the page for `rows` at `width` points (CSS pixels).
  public func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream) {
    var rows = rows.makeIterator()
    let first = rows.next()
    let scheme = first?.layout.traits.scheme ?? .light
    output.write(documentStart(feedStyle: "width:\(LayoutJSON.number(width))px", scheme: scheme))
    var drawing = HTMLDrawing(assets: assets, followsSystemScheme: followsSystemScheme, images: images)
    var row = first
    while let current = row {
      drawing.draw(current)
      output.write(drawing.takeOutput())
      row = rows.next()
    }
    output.write(Self.documentEnd)
  }

  /// The page background as CSS: the colour for `scheme`, or `var(--page)` when following the system's scheme
  /// with a light/dark pair (defined in ``documentStart(feedStyle:scheme:)``).
  func pageBackground(for scheme: ColorScheme) -> String {
    followsSystemScheme && background.isPair ? "var(--page)" : background.resolved(for: scheme).css
  }

  /// The page up to and including the opening `feed` div, whose inline style is `feedStyle`, on the background
  /// for `scheme`.
  func documentStart(feedStyle: String, scheme: ColorScheme) -> String {
    var page = ""
    var placeholder = scheme
    var darkPlaceholder = ""
    if followsSystemScheme {
      page = ":root{color-scheme:light dark}\n"
      if background.isPair {
        page += ":root{--page:\(background.light.css)}\n"
        page += "@media (prefers-color-scheme:dark){:root{--page:\(background.dark.css)}}\n"
      }
      placeholder = .light
      darkPlaceholder = "@media (prefers-color-scheme:dark){.ph{\(Self.placeholderColors(.dark))}}\n"
    }
    return """
      <!DOCTYPE html>
      <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <title>\(XMLText.escaped(title))</title>
      <style>
      \(page)body{margin:0;background:\(pageBackground(for: scheme))}
      .feed{position:relative;margin:0 auto;font-family:\(HTMLDrawing.fontFamily)}
      .row{position:relative}
      .n{position:absolute;box-sizing:border-box}
      .t>svg{display:block}
      .t text{white-space:pre}
      .img{background-repeat:no-repeat;background-position:center;overflow:hidden}
      .ph{display:flex;align-items:center;justify-content:center;overflow:hidden;white-space:nowrap;\
      \(Self.placeholderColors(placeholder))}
      \(darkPlaceholder)</style>
      </head>
      <body>
      <div class="feed" style="\(feedStyle)">

      """
  }

  /// The image placeholder's CSS colours for `scheme`: its fill, outline and label.
  static func placeholderColors(_ scheme: ColorScheme) -> String {
    "background:\(PlaceholderLabel.fill.resolved(for: scheme).css);"
      + "border:1px solid \(PlaceholderLabel.edge.resolved(for: scheme).css);"
      + "color:\(PlaceholderLabel.ink.resolved(for: scheme).css)"
  }

  /// Closes the `feed` div and the page.
  static let documentEnd = "</div>\n</body>\n</html>\n"
}
