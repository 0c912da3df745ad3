import StackLayout

/// `stackfeed-bench relayout`: one card's title changes in a feed of `--cards` cards (the harness's
/// two cards, alternating) whose labels have no size given, so every layout measures its texts,
/// with an uncached `StandardTextMeasurer` (nothing is remembered between layouts but what
/// `FeedLayout` keeps).
///
/// Per repetition, 1,000 changes spread over the feed (each a new title), timed three ways:
/// - `relayout.feed.cold`: `FeedLayout(cards:)` of the whole feed (µs per feed);
/// - `relayout.card.cold`: a cold layout of each changed card alone (`engine.layout`, µs per card);
/// - `relayout.change`: `FeedLayout.update(text:id:row:)` with the same titles on the kept feed
///   (µs per change: find the label, lay out that card, move the rows after it).
///
/// The ratios are taken per repetition (the two timings of a ratio run back to back, their order
/// alternating) and reported as median, min and max: `relayout.vs.card` (change ÷ cold card, the
/// target is ≤ 2) and `relayout.feed.speedup` (cold feed ÷ change, the target is ≥ 1,000).
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
    var checksum = 0.0
    for rep in 0..<options.reps {
      var feed = FeedLayout(cards: [], width: BenchCards.width, engine: engine)
      feedCold.append(Stopwatch.seconds { feed = FeedLayout(cards: cards, width: BenchCards.width, engine: engine) })
      let titles = rows.indices.map { "THE FUTURE IS FUNCTIONAL \(rep).\($0)" }
      let changed = zip(rows, titles).map { BenchCards.card($0, title: $1, measured: true) }
      var single: [LayoutResult] = []
      single.reserveCapacity(changes)
      var failure: (any Error)?
      func layOutCards() -> Double {
        Stopwatch.seconds { for card in changed { single.append(engine.layout(card, width: BenchCards.width)) } }
      }
      func update() -> Double {
        Stopwatch.seconds {
          for (row, title) in zip(rows, titles) {
            do { try feed.update(text: title, id: "titleLabel", row: row) } catch { failure = error }
          }
        }
      }
      if rep % 2 == 0 {
        cardCold.append(layOutCards())
        change.append(update())
      } else {
        change.append(update())
        cardCold.append(layOutCards())
      }
      if let failure { throw BenchError(code: 70, description: "\(failure)") }
      for (index, row) in rows.enumerated() where feed.results[row] != single[index] {
        throw BenchError(code: 70, description: "row \(row): the relayout differs from a cold layout of the card")
      }
      checksum += feed.height
    }
    guard checksum.isFinite, checksum > 0 else { throw BenchError(code: 70, description: "no layout happened") }

    let perFeed = feedCold.map { $0 * 1e6 }
    let perCard = cardCold.map { $0 * 1e6 / Double(changes) }
    let perChange = change.map { $0 * 1e6 / Double(changes) }
    return [
      Figure(name: "relayout.feed.cold", samples: perFeed, unit: "us/feed", cards: count),
      Figure(name: "relayout.card.cold", samples: perCard, unit: "us/card", cards: count),
      Figure(name: "relayout.change", samples: perChange, unit: "us/change", cards: count),
      Figure(name: "relayout.vs.card", samples: zip(perChange, perCard).map { $0 / $1 }, unit: "x", cards: count),
      Figure(
        name: "relayout.feed.speedup", samples: zip(perFeed, perChange).map { $0 / $1 }, unit: "x", cards: count),
    ]
  }
}
