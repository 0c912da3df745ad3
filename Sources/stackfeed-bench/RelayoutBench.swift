import StackLayout

/// `stackfeed-bench relayout`: one card's title changes in a feed of `--cards` cards (the harness's
/// two cards, alternating) whose labels have no size given, so every layout measures its texts,
/// with an uncached `StandardTextMeasurer` (nothing is remembered between layouts but what
/// `FeedLayout` keeps).
///
/// Per repetition, 1,000 changes spread over the feed (each a new title), timed four ways:
/// - `relayout.feed.cold`: `FeedLayout(cards:)` of the whole feed (µs per feed);
/// - `relayout.card.cold`: a cold layout of each changed card alone (`engine.layout`, µs per card);
/// - `relayout.change`: `FeedLayout.replaceCard(at:with:)` with those same cards on the kept feed
///   (µs per change: lay out that card, move the rows after it);
/// - `relayout.update`: `FeedLayout.update(text:id:row:)` with the same titles (µs per change: also
///   finds the label in the kept card and copies the nodes on its path).
///
/// The ratios are taken per repetition (the timings of a repetition run back to back, their order
/// rotating) and reported as median, min and max: `relayout.vs.card` and `relayout.update.vs.card`
/// (change ÷ cold card, the target is ≤ 2) and `relayout.feed.speedup` (cold feed ÷ change, the
/// target is ≥ 1,000).
enum RelayoutBench: BenchCommand {
  static let name = "relayout"
  static let summary = "change one card's title in a feed of measured labels: FeedLayout vs cold layouts"
  static let changes = 1_000

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let count = options.cards
    let engine = LayoutEngine(measurer: StandardTextMeasurer())
    let cards = (0..<count).map { BenchCards.card($0, measured: true) }
    let changes = min(count, Self.changes)
    let rows = (0..<changes).map { $0 * (count / changes) }

    var feedCold: [Double] = []
    var cardCold: [Double] = []
    var change: [Double] = []
    var update: [Double] = []
    var checksum = 0.0
    for rep in 0..<options.reps {
      var feed = FeedLayout(cards: [], width: BenchCards.width, engine: engine)
      feedCold.append(Stopwatch.seconds { feed = FeedLayout(cards: cards, width: BenchCards.width, engine: engine) })
      let titles = rows.indices.map { "THE FUTURE IS FUNCTIONAL \(rep).\($0)" }
      let changed = zip(rows, titles).map { BenchCards.card($0, title: $1, measured: true) }
      var single: [LayoutResult] = []
      single.reserveCapacity(changes)
      var failure: (any Error)?
      let timings: [() -> Void] = [
        {
          cardCold.append(
            Stopwatch.seconds { for card in changed { single.append(engine.layout(card, width: BenchCards.width)) } })
        },
        {
          change.append(
            Stopwatch.seconds { for (row, card) in zip(rows, changed) { feed.replaceCard(at: row, with: card) } })
        },
        {
          update.append(
            Stopwatch.seconds {
              for (row, title) in zip(rows, titles) {
                do { try feed.update(text: title, id: "titleLabel", row: row) } catch { failure = error }
              }
            })
        },
      ]
      for step in 0..<timings.count { timings[(step + rep) % timings.count]() }
      if let failure { throw BenchError(code: 70, description: "\(failure)") }
      for (index, row) in rows.enumerated() where feed.results[row] != single[index] {
        throw BenchError(code: 70, description: "row \(row): the relayout differs from a cold layout of the card")
      }
      checksum += feed.height
    }
    guard checksum.isFinite, checksum > 0 else { throw BenchError(code: 70, description: "no layout happened") }

    let perFeed = feedCold.map { $0 * 1e6 }
    let perChange = { (seconds: [Double]) in seconds.map { $0 * 1e6 / Double(changes) } }
    let ratio = { (numerator: [Double], denominator: [Double]) in zip(numerator, denominator).map { $0 / $1 } }
    return [
      Figure(name: "relayout.feed.cold", samples: perFeed, unit: "us/feed", cards: count),
      Figure(name: "relayout.card.cold", samples: perChange(cardCold), unit: "us/card", cards: count),
      Figure(name: "relayout.change", samples: perChange(change), unit: "us/change", cards: count),
      Figure(name: "relayout.update", samples: perChange(update), unit: "us/change", cards: count),
      Figure(name: "relayout.vs.card", samples: ratio(perChange(change), perChange(cardCold)), unit: "x", cards: count),
      Figure(
        name: "relayout.update.vs.card", samples: ratio(perChange(update), perChange(cardCold)), unit: "x",
        cards: count),
      Figure(name: "relayout.feed.speedup", samples: ratio(perFeed, perChange(change)), unit: "x", cards: count),
    ]
  }
}
