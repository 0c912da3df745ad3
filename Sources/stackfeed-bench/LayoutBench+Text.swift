import StackLayout

/// Text measurement on the real card texts (`RealTexts`), measured apart from layout.
///
/// `text.measure`: one uncached `StandardTextMeasurer` call per label (wrapping at the label's width);
/// `text.title`: the same for `THE FUTURE IS FUNCTIONAL` (18 heavy, 2 lines) at 260 pt;
/// `text.card`: the labels of one card (feed item: title, subtitle, tag; order: title, subtitle, `+3`),
/// uncached; `text.card.cached`: the same through `CachingTextMeasurer` (all hits).
enum TextBench {
  static func figures(_ options: BenchOptions) -> [Figure] {
    let count = options.cards
    let labels = RealTexts.labels
    let standard = StandardTextMeasurer()
    let cache = CachingTextMeasurer(base: standard)
    let feedCard = [labels[0], labels[1], labels[10]]
    let orderCard = [labels[11], labels[12], labels[13]]
    let cards = (0..<count).map { $0 % 2 == 0 ? feedCard : orderCard }

    var perLabel: [Double] = []
    var title: [Double] = []
    var perCard: [Double] = []
    var perCardCached: [Double] = []
    var checksum = 0.0
    for _ in 0..<options.reps {
      perLabel.append(
        Stopwatch.seconds {
          for index in 0..<count {
            let label = labels[index % labels.count]
            checksum +=
              standard.measure(label.text, font: label.font, maxLines: label.lines, maxWidth: label.width).width
          }
        })
      title.append(
        Stopwatch.seconds {
          for _ in 0..<count {
            checksum += standard.measure(labels[0].text, font: labels[0].font, maxLines: 2, maxWidth: 260).width
          }
        })
      for (times, measurer) in [(0, standard as any TextMeasuring), (1, cache as any TextMeasuring)] {
        let seconds = Stopwatch.seconds {
          for card in cards {
            for label in card {
              checksum +=
                measurer.measure(label.text, font: label.font, maxLines: label.lines, maxWidth: label.width).height
            }
          }
        }
        if times == 0 { perCard.append(seconds) } else { perCardCached.append(seconds) }
      }
    }
    precondition(checksum > 0, "text measurement produced nothing")
    let microseconds = { (seconds: [Double]) in seconds.map { $0 * 1e6 / Double(count) } }
    return [
      Figure(name: "text.measure", samples: microseconds(perLabel), unit: "us/text", cards: count),
      Figure(name: "text.title", samples: microseconds(title), unit: "us/text", cards: count),
    ]
      + LayoutBench.rate("text.card", microseconds(perCard), count)
      + LayoutBench.rate("text.card.cached", microseconds(perCardCached), count)
  }
}
