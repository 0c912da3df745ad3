import FeedPlugins
import StackLayout
import StackRender

extension RenderCommand.Format {
  /// The card-stack renderer of this format, drawing the images in `assets` when given (SVG and HTML only).
  func stackRenderer(assets: ImageAssets?) -> any StackRenderer {
    switch self {
    case .json: JSONRenderer()
    case .svg: SVGRenderer(assets: assets, background: CardStyle.screenBackground)
    case .html: HTMLRenderer(assets: assets, background: CardStyle.screenBackground)
    case .text: TextRenderer(columns: 80)
    }
  }
}

extension RenderCommand {
  /// `render --mode stack`: reads the whole feed, lays it out as a card stack and writes it.
  func renderStack(_ cards: FeedCards, options: StackOptions, assets: ImageAssets?, to output: Output) throws {
    let all = Array(cards)
    try cards.finish()
    let document = try StackDocument(cards: all, options: options, width: width)
    var stream = OutputTextStream(output: output, onFailure: {})
    format.stackRenderer(assets: assets).render(document, to: &stream)
    try stream.finish()
  }
}
