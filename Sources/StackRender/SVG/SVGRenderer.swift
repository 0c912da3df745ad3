import StackLayout

/// Draws the rows as one SVG picture: the screen background, then each row's card below the
/// previous one.
///
/// Boxes are rects with their colour, alpha and corner radius; labels are `<text>` elements
/// holding the measured lines at their baselines (font size, CSS weight, colour, alignment,
/// SF tracking as `letter-spacing`), each line held to its measured width (`textLength`) and the
/// label clipped to its frame, so no font draws past the frame; images are grey labelled
/// placeholders, or the real file from ``assets`` (embedded as a `data:` URI at each use, clipped
/// to the corner radius). The picture's
/// height is the sum of the row heights, so the rows are drawn before the header is written; past
/// ``spillSize`` bytes the drawn body waits in a temporary file, so memory stays flat however long the feed.
///
/// ```swift
/// let svg = SVGRenderer().render(rows, width: 390)
/// ```
public struct SVGRenderer: RowRenderer {
  /// Where real images are looked up; nil draws every image as a placeholder.
  public var assets: ImageAssets?
  /// The screen background behind the rows (a light/dark pair is drawn for the rows' scheme).
  public var background: Color

  /// The height of a picture with no rows: SVG viewers reject an empty picture.
  public static let minimumHeight = 1.0

  /// How much drawn body (UTF-8 bytes) is held in memory before it is moved to a temporary file.
  var spillSize = 1 << 20

  /// Creates an SVG renderer; the background defaults to the reference screen's white 0.95.
  public init(assets: ImageAssets? = nil, background: Color = .white(0.95)) {
    self.assets = assets
    self.background = background
  }

  /// Writes the SVG document for `rows` at `width` points.
  public func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream)
    throws(RenderError)
  {
    var drawing = SVGDrawing(assets: assets)
    let spill = BodySpill()
    var top = 0.0
    var scheme: ColorScheme?
    for row in rows {
      if scheme == nil { scheme = row.layout.traits.scheme }
      drawing.draw(row, top: top)
      top += row.height
      if drawing.body.utf8.count >= spillSize {
        spill.keep(drawing.body)
        drawing.body = ""
      }
    }
    try writeDocument(width: width, height: top, scheme: scheme ?? .light, to: &output) {
      output throws(RenderError) in
      try spill.replay(to: &output)
      output.write(drawing.body)
    }
  }

  /// Writes the SVG document around `body`: `width` × `height` (at least ``minimumHeight``) on the background
  /// for `scheme`.
  func writeDocument(
    _ body: String, width: Double, height: Double, scheme: ColorScheme, to output: inout some TextOutputStream
  ) {
    writeDocument(width: width, height: height, scheme: scheme, to: &output) { output in output.write(body) }
  }

  /// Writes the SVG document with `writeBody` writing what goes between the background (for `scheme`) and
  /// `</svg>`.
  func writeDocument<Output: TextOutputStream, Failure: Error>(
    width: Double, height: Double, scheme: ColorScheme, to output: inout Output,
    writeBody: (inout Output) throws(Failure) -> Void
  ) throws(Failure) {
    let background = background.resolved(for: scheme)
    let w = LayoutJSON.number(width)
    let h = LayoutJSON.number(max(height, Self.minimumHeight))
    output.write(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
    output.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)""#
        + #" font-family="\#(SVGDrawing.fontFamily)">"# + "\n")
    output.write(
      #"<rect width="\#(w)" height="\#(h)" fill="\#(background.rgbHex)"\#(SVGDrawing.opacity("fill-opacity", background))/>"#
        + "\n")
    try writeBody(&output)
    output.write("</svg>\n")
  }
}
