import FeedOptions
import FeedPlugins
import StackLayout
import StackRender

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `stackfeed gallery --out DIR`: draws every row kind's cards in every trait set of a matrix, one SVG per card
/// per trait set (`DIR/AX3-rtl-dark/feed_item-1.svg`), and an `index.html` grid of them with the trait sets as
/// headings: what an iOS team reviews instead of simulator screenshots.
struct GalleryCommand: Command {
  static let name = "gallery"
  static let summary = "draws every row kind's cards in each trait set as SVG, with an index.html grid"
  static let usage = """
    stackfeed gallery --out DIR [--width W] [--limit N] \(TraitsHelp.usage) [--db PATH]
    """
  static let help = """
      --out DIR           the folder to write (created when missing): DIR/<traits>/<kind>-<n>.svg and
                          DIR/index.html, written last, each file replaced whole
      --width W           the cards' width in points (default 390, the reference phone), 1 … 10000
      --limit N           at most N cards per row kind (default \(defaultLimit)); a kind the database has no rows of
                          gets N made by its plugin's generator
      --content-size C, --direction D, --scheme S
                          narrow the matrix of trait sets, by default L and AX3 × ltr and rtl × light and
                          dark (8), to the value given; the values are render's (stackfeed render --help)
    """

  /// Cards per kind without `--limit`.
  static let defaultLimit = 3

  var out: String
  var width = LayoutWidth.standard
  var limit = defaultLimit
  var matrix: TraitMatrix

  init(parsing arguments: inout Arguments) throws(UsageError) {
    guard let out = try arguments.option("--out"), !out.isEmpty else {
      throw UsageError("--out DIR is required: the folder the gallery is written to")
    }
    self.out = out
    width = try arguments.width() ?? width
    limit = try arguments.pageLimit() ?? limit
    let given = try arguments.traitOptions()
    matrix = TraitMatrix(contentSize: given.contentSize, direction: given.direction, scheme: given.scheme)
  }

  func run(in context: CommandContext) throws {
    let rowContext = try context.rowContext(timeZoneOption: nil)
    let database = try context.openDatabase(bootstrap: true).database
    let samples = GallerySamples(registry: context.registry, context: rowContext, limit: limit)
    let cards = try samples.cards(from: database) { try context.note($0) }
    let renderer = RenderFormat.svg.renderer(assets: nil, background: FeedScreen.background)
    let progress = ProgressLine(
      errors: context.errors, total: cards.count * matrix.sets.count, rows: "pictures", verb: "drawing")
    var drawn = 0
    for traits in matrix.sets {
      let folder = out + "/" + TraitMatrix.folder(of: traits)
      try Self.makeFolder(folder)
      var engine = LayoutEngine()
      engine.traits = traits
      for card in cards {
        let row = RenderRow(kind: card.kind, id: card.row.id, layout: engine.layout(card.tree, width: width))
        try AtomicFile.write(try renderer.render([row], width: width), to: folder + "/" + card.fileName)
        drawn += 1
        progress.show(drawn)
      }
    }
    progress.finish()
    try AtomicFile.write(GalleryIndex.html(cards: cards, sets: matrix.sets, width: width), to: out + "/index.html")
    try context.output.write(
      "wrote \(drawn) pictures (\(cards.count) cards × \(matrix.sets.count) trait sets) and \(out)/index.html\n")
  }

  /// Creates `path` and its missing parents; exit 74 when it cannot be.
  private static func makeFolder(_ path: String) throws(FileError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw FileError(code: ExitCode.ioError, description: "\(path): cannot be created as a folder")
    }
  }
}
