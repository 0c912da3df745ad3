import FeedPlugins
import StackRender

extension RenderCommand {
  /// `render --mode stack`: reads the whole feed, lays it out as a card stack and writes it.
  func renderStack(
    _ cards: FeedCards, options: StackOptions, assets: ImageAssets?, to output: Output, context: CommandContext
  ) throws {
    let all = Array(cards)
    try cards.finish()
    if all.isEmpty { try context.noteEmptyFeed() }
    let document = try StackDocument(cards: all, options: options, width: width)
    var stream = OutputTextStream(output: output, onFailure: {})
    format.renderer(assets: assets).render(document, to: &stream)
    try stream.finish()
  }
}
