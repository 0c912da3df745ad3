import FeedOptions
import FeedPlugins
import FeedStore
import StackLayout
import StackRender

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stackfeed render`: lays out every row's card at one width and writes the feed as JSON for client
/// renderers, an SVG picture, an HTML page or terminal text, one row at a time.
struct RenderCommand: Command {
  static let name = "render"
  static let summary = "lays out every row's card and writes the feed (JSON, SVG, HTML or terminal text)"
  static let usage = """
    stackfeed render [--format json|svg|html|text] [--width W] [--time-zone ZONE] [--user ID] [--out FILE] \
    [--assets DIR] [--scale S] \(TraitsHelp.usage) [--mode feed|stack [--state collapsed|expanded|transit] [--translation T] [--own-height] \
    [--card-offset N …]] [--db PATH]
    """
  static let help = """
      --format FORMAT     json (default): stackfeed.render/1, every card's tree with frames, for client renderers;
                          svg: one picture; html: a page; text: boxes for an 80-column terminal
      --width W           the feed's width in points (default 390, the reference phone), 1 … 10000
      --time-zone ZONE    IANA zone for dates, e.g. Europe/Paris (else $TZ, else the system zone)
      --user ID           the user whose feed it is (else $STACKFEED_USER, else default); unknown: exit 67
      --out FILE          write FILE instead of standard output; it is replaced only when all went well
      --assets DIR        svg and html: draw the images found in DIR (NAME.png, .jpg or .svg) instead of
                          placeholders
      --scale S           json: the screen scale (1, 2 or 3; default 2) of the url each image node with a stored
                          image gets (its srcset has every scale)
    """ + "\n" + TraitsHelp.lines + "\n" + stackHelp

  var format = RenderFormat.json
  var width = LayoutWidth.standard
  var timeZone: String?
  var user: String?
  var out: String?
  var assets: String?
  /// The screen scale of the stored images' URLs in JSON.
  var scale = ImageVariant.defaultScale
  /// The traits the cards are laid out and drawn for.
  var traits = Traits.default
  /// The card-stack options with `--mode stack`; nil renders the feed one row under another.
  var stack: StackOptions?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    format = try arguments.renderFormat() ?? format
    width = try arguments.width() ?? width
    timeZone = try arguments.timeZoneName()
    user = try arguments.option("--user")
    out = try arguments.option("--out")
    assets = try arguments.option("--assets")
    let scales = ImageVariant.scales
    let scale = try arguments.integer("scale", minimum: scales.lowerBound, maximum: scales.upperBound)
    traits = try arguments.traits()
    if assets != nil && (format == .json || format == .text) {
      throw UsageError("--assets applies to --format svg and html only")
    }
    if scale != nil && format != .json { throw UsageError("--scale applies to --format json only") }
    self.scale = scale ?? self.scale
    if try arguments.choice("mode", among: ["feed", "stack"]) == "stack" {
      stack = try arguments.stackOptions()
    } else if let flag = arguments.remaining.lazy.map({ String($0.prefix { $0 != "=" }) }).first(
      where: StackOptions.optionNames.map(arguments.spelling(of:)).contains)
    {
      throw UsageError("\(flag) applies to --mode stack only")
    }
  }

  func run(in context: CommandContext) throws {
    let zone = try context.timeZone(option: timeZone)
    let viewer = context.viewer(option: user)
    let images = try assets.map(Self.assetFolder(at:))
    let file = try out.map { path throws(FileError) in try AtomicFile(path: path) }
    do {
      let database = try context.openDatabase(bootstrap: true).database
      try context.checkViewer(viewer, in: database)
      let composer = FeedComposer(
        registry: context.registry, database: database,
        context: RowContext(timeZone: zone, viewer: viewer ?? RowContext.defaultViewer))
      let output = file?.output ?? context.output
      if let stack {
        try renderStack(FeedCards(composer: composer), options: stack, assets: images, to: output, context: context)
      } else {
        // The JSON's image nodes link the stored images (a file of HTML could not reach the server's URLs).
        let links = format == .json ? try StoredImageLinks(everyImageIn: database, scale: scale) : nil
        let renderer = format.renderer(assets: images, background: FeedScreen.background, images: links)
        try render(FeedCards(composer: composer), with: renderer, to: output, context: context)
      }
      try file?.commit()
    } catch {
      file?.discard()
      throw error
    }
  }

  /// Lays out each card just before the renderer writes it; reports layout warnings on stderr.
  private func render(_ cards: FeedCards, with renderer: any RowRenderer, to output: Output, context: CommandContext)
    throws
  {
    var engine = LayoutEngine()
    engine.traits = traits
    var warned = 0
    var firstWarning = ""
    var count = 0
    let rows = cards.lazy.map { card in
      count += 1
      let row = card.renderRow(width: width, engine: engine)
      if let warning = row.layout.warnings.first {
        if warned == 0 { firstWarning = "\(card.kind) \(card.id): \(warning)" }
        warned += 1
      }
      return row
    }
    var stream = OutputTextStream(output: output, onFailure: cards.stop)
    try renderer.render(rows, width: width, to: &stream)
    try cards.finish()
    try stream.finish()
    if count == 0 { try context.noteEmptyFeed() }
    if warned > 0 {
      try context.note("warning: \(warned) card(s) needed a layout fallback; the first: \(firstWarning)")
    }
  }

  private static func assetFolder(at path: String) throws(FileError) -> ImageAssets {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw FileError.missing(path, "folder")
    }
    return ImageAssets(folder: URL(fileURLWithPath: path))
  }
}
