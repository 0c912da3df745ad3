import StackLayout

/// Cold layout with traits against the default, per card kind (issue 20: AX3 and right to left ≤ 1.1× the
/// default). The workload is `layout.cold`'s (`BenchCards`, fixed-size labels, so only the engine is timed),
/// one list of N cards per kind; each repetition lays the list out with the default engine and with the
/// traits engine, in alternating order, in the same process. Figures per kind and scale (0: unrounded like
/// `layout.cold`; 3: snapped, `.@3x`): `traits.<kind>[.@3x].L-ltr` and `.AX3-rtl` in µs per card, and
/// `.ratio`, AX3-rtl ÷ L-ltr of each repetition (median, min, max).
enum TraitsBench {
  /// The traits timed against the default.
  static let traits = Traits(contentSize: .accessibilityExtraLarge, direction: .rightToLeft)

  static func figures(_ options: BenchOptions) throws -> [Figure] {
    let count = options.cards
    var figures: [Figure] = []
    for (kind, first) in [("feed", 0), ("order", 1)] {
      let cards = (0..<count).map { BenchCards.card(2 * $0 + first) }
      for scale in [0.0, 3] {
        let plain = LayoutEngine(scale: scale)
        var scaled = plain
        scaled.traits = traits
        try check(cards[0], plain: plain, scaled: scaled)
        var defaults: [Double] = []
        var traited: [Double] = []
        var checksum = 0.0
        for rep in 0..<options.reps {
          for engine in rep % 2 == 0 ? [plain, scaled] : [scaled, plain] {
            var results: [LayoutResult] = []
            let seconds = Stopwatch.seconds {
              results = engine.traits == .default ? layOutDefault(cards, plain) : layOutTraits(cards, plain, traits)
            }
            checksum += results.reduce(0) { $0 + $1.size.height }
            if engine.traits == .default { defaults.append(seconds) } else { traited.append(seconds) }
          }
        }
        guard checksum.isFinite, checksum > 0 else { throw BenchError(code: 70, description: "no layout happened") }
        let name = "traits.\(kind)" + (scale > 0 ? ".@3x" : "")
        let perCard = { (seconds: [Double]) in seconds.map { $0 * 1e6 / Double(count) } }
        figures.append(Figure(name: name + ".L-ltr", samples: perCard(defaults), unit: "us/card", cards: count))
        figures.append(Figure(name: name + ".AX3-rtl", samples: perCard(traited), unit: "us/card", cards: count))
        let ratios = zip(traited, defaults).map { $0 / $1 }
        figures.append(Figure(name: name + ".ratio", samples: ratios, unit: "x", cards: count))
      }
    }
    return figures
  }

  /// The default layouts, in a function of their own so that callgrind counts their instructions apart.
  @inline(never) static func layOutDefault(_ cards: [LayoutNode], _ engine: LayoutEngine) -> [LayoutResult] {
    engine.layout(cards, width: BenchCards.width)
  }

  /// The layouts with `traits` (set on a copy of `engine`), counted apart likewise.
  @inline(never) static func layOutTraits(
    _ cards: [LayoutNode], _ engine: LayoutEngine, _ traits: Traits
  ) -> [LayoutResult] {
    var traitsEngine = engine
    traitsEngine.traits = traits
    return traitsEngine.layout(cards, width: BenchCards.width)
  }

  /// The traits engine lays the card out right to left as the mirror of the default layout (the bench cards
  /// are symmetric and their labels fixed-size, so AX3 changes no frame).
  private static func check(_ card: LayoutNode, plain: LayoutEngine, scaled: LayoutEngine) throws {
    let violations = scaled.layout(card, width: BenchCards.width).mirrorViolations(
      of: plain.layout(card, width: BenchCards.width))
    guard violations.isEmpty else {
      throw BenchError(code: 70, description: "traits layout is not the mirror: \(violations.prefix(2))")
    }
  }
}
