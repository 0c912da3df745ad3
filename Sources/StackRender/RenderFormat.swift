import StackLayout

/// The formats the renderers write, by the name `render --format` and the HTTP API's `format` take.
///
///     let renderer = RenderFormat.svg.renderer(assets: nil, background: .white(0.95))
///     print(renderer.render(rows, width: 390))
public enum RenderFormat: String, CaseIterable, Sendable {
  /// `stackfeed.render/1` (``JSONRenderer``): every card's tree with frames, for client renderers.
  case json
  /// One SVG picture (``SVGRenderer``).
  case svg
  /// An HTML page (``HTMLRenderer``).
  case html
  /// Boxes for an 80-column terminal (``TextRenderer``).
  case text

  /// The renderer of rows and of card stacks in this format; SVG and HTML draw the images in `assets` (when
  /// given) on `background`, and HTML follows the browser's colour scheme when `followsSystemScheme`
  /// (``HTMLRenderer/followsSystemScheme``). JSON and HTML link the image nodes `images` links to their
  /// pictures (``JSONRenderer/images``, ``HTMLRenderer/images``).
  public func renderer(
    assets: ImageAssets?, background: Color, followsSystemScheme: Bool = false, images: (any ImageLinking)? = nil
  ) -> any RowRenderer & StackRenderer {
    switch self {
    case .json: JSONRenderer(images: images)
    case .svg: SVGRenderer(assets: assets, background: background)
    case .html:
      HTMLRenderer(assets: assets, background: background, followsSystemScheme: followsSystemScheme, images: images)
    case .text: TextRenderer(columns: 80)
    }
  }
}
