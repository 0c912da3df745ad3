import FeedPlugins
import StackLayout
import StackRender

extension RenderCommand {
  /// The `--help` lines for the stack options.
  static let stackHelp = """
      --mode stack        the feed as a CardsStack-style stack of cards (below); default: one row under another
      --state collapsed|expanded|transit
                          the stack's state (default collapsed; --translation alone means transit)
      --translation T     transit only: how far the container has grown, 0 … expanded − collapsed height
                          (default half of that)
      --own-height        lay out each card at its own fitted height instead of the stack's card height
      --card-offset N --collapsed-height N --expanded-height N --card-height N --downward-threshold N
      --upward-threshold N --left-spacing N --right-spacing N --vertical-spacing N
                          the stack's configuration in points (defaults: the CardsStack example app's
                          40, 200, 720, 200, 20, 20, 8, 8, 8)
    """

  /// `render --mode stack`: reads the whole feed, lays it out as a card stack and writes it.
  func renderStack(
    _ cards: FeedCards, options: StackOptions, assets: ImageAssets?, to output: Output, context: CommandContext
  ) throws {
    let all = Array(cards)
    try cards.finish()
    if all.isEmpty { try context.noteEmptyFeed() }
    var engine = LayoutEngine()
    engine.traits = traits
    let document = try StackDocument(cards: all, options: options, width: width, engine: engine)
    var stream = OutputTextStream(output: output, onFailure: {})
    format.renderer(assets: assets, background: FeedScreen.background).render(document, to: &stream)
    try stream.finish()
  }
}
