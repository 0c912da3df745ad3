import StackLayout

/// `stackfeed-bench layout`: the feed of `../shared/bench/layout_anchors.py` (N cards at width 390,
/// feed items and orders alternating, 16 nodes each, labels at fixed sizes), laid out with StackLayout.
///
/// Figures (median of `--reps`, with min and max): `layout.build` (building the N trees with the
/// builder), `layout.cold` (first layout of every card, unrounded frames like the harness),
/// `layout.cold.snapped` (the same on the @3x pixel grid), the `text.*` figures of
/// `LayoutBench+Text.swift` and the `traits.*` figures of `LayoutBench+Traits.swift`. Relayout, with labels that must be measured, is `stackfeed-bench relayout`.
enum LayoutBench: BenchCommand {
  static let name = "layout"
  static let summary = "cold layout and text measurement on the harness's feed"

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let count = options.cards
    let engine = LayoutEngine(scale: 0)
    let snapped = LayoutEngine(scale: 3)
    try BenchCards.checkFrames(engine: engine)

    var build: [Double] = []
    var cold: [Double] = []
    var coldSingle: [Double] = []
    var coldSnapped: [Double] = []
    var checksum = 0.0
    for _ in 0..<options.reps {
      var cards: [LayoutNode] = []
      build.append(Stopwatch.seconds { cards = (0..<count).map { BenchCards.card($0) } })
      var results: [LayoutResult] = []
      cold.append(Stopwatch.seconds { results = engine.layout(cards, width: BenchCards.width) })
      var singles: [LayoutResult] = []
      singles.reserveCapacity(count)
      coldSingle.append(
        Stopwatch.seconds { for card in cards { singles.append(engine.layout(card, width: BenchCards.width)) } })
      guard singles == results else { throw BenchError(code: 70, description: "batch and single layouts differ") }
      var snappedResults: [LayoutResult] = []
      snappedResults.reserveCapacity(count)
      coldSnapped.append(
        Stopwatch.seconds { for card in cards { snappedResults.append(snapped.layout(card, width: BenchCards.width)) } }
      )
      checksum += results.reduce(0) { $0 + $1.size.height } + snappedResults.reduce(0) { $0 + $1.size.height }
    }
    guard checksum.isFinite, checksum > 0 else { throw BenchError(code: 70, description: "no layout happened") }

    let perCard = { (seconds: [Double]) in seconds.map { $0 * 1e6 / Double(count) } }
    var figures = [Figure(name: "layout.build", samples: perCard(build), unit: "us/card", cards: count)]
    figures += rate("layout.cold", perCard(cold), count)
    figures += rate("layout.cold.single", perCard(coldSingle), count)
    figures += rate("layout.cold.snapped", perCard(coldSnapped), count)
    figures += TextBench.figures(options)
    figures += try TraitsBench.figures(options)
    return figures
  }

  /// The figure in µs per card and in cards per second, from one value per repetition.
  static func rate(_ name: String, _ microseconds: [Double], _ cards: Int) -> [Figure] {
    [
      Figure(name: name, samples: microseconds, unit: "us/card", cards: cards),
      Figure(name: name, samples: microseconds.map { 1e6 / $0 }, unit: "cards/s", cards: cards),
    ]
  }
}
