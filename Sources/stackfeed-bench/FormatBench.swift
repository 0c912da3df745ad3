import FeedModels
import FeedViewModels
import Foundation

/// `stackfeed-bench format`: the view-model texts of `--rows` rows (half feed items, half orders with dates
/// spread over ten years), with Stackfeed's formatters and with the original app's way: a new `DateFormatter`
/// for every date (`NaiveViewModels`, the baseline).
///
/// `format.viewmodels`: ns per row, Stackfeed; `format.naive`: ns per row, the baseline (timed on at most
/// 20,000 rows: it is ~100× slower, and its cost per row does not depend on the count); `format.speedup`:
/// naive / Stackfeed. Both produce the same texts (checked).
enum FormatBench: BenchCommand {
  static let name = "format"
  static let summary = "view-model texts per row: Stackfeed's formatters vs a new DateFormatter per call"
  static let naiveRows = 20_000

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let count = options.cards
    let zone = TimeZone(identifier: "Europe/Paris") ?? .gmt
    let models = (0..<count).map(model)
    let dates = OrderDateFormatter(timeZone: zone)
    let naive = NaiveViewModels(timeZone: zone)
    for index in stride(from: 0, to: min(count, 2_000), by: 1) {
      guard texts(models[index], dates: dates) == naive.texts(models[index]) else {
        throw BenchError(code: 70, description: "row \(index): Stackfeed and the naive formatter disagree")
      }
    }
    var ours: [Double] = []
    var baseline: [Double] = []
    var checksum = 0
    let sample = Array(models.prefix(naiveRows))
    for _ in 0..<options.reps {
      ours.append(Stopwatch.seconds { for model in models { checksum &+= texts(model, dates: dates).count } })
      baseline.append(Stopwatch.seconds { for model in sample { checksum &+= naive.texts(model).count } })
    }
    guard checksum > 0 else { throw BenchError(code: 70, description: "no texts were made") }
    let perRow = Stopwatch.median(ours) * 1e9 / Double(count)
    let naivePerRow = Stopwatch.median(baseline) * 1e9 / Double(sample.count)
    return [
      Figure(name: "format.viewmodels", value: perRow, unit: "ns/row", cards: count),
      Figure(name: "format.naive", value: naivePerRow, unit: "ns/row", cards: sample.count),
      Figure(name: "format.speedup", value: naivePerRow / perRow, unit: "x", cards: count),
    ]
  }

  /// Row `index`: a feed item (even) or an order of 1–5 line items (odd), dated every ~3.7 days from 2016.
  static func model(_ index: Int) -> Either {
    if index % 2 == 0 {
      return .item(
        FeedItem(
          id: "item-\(index)", title: "The future is functional \(index)", subtitle: "Get after your goals in new Apex",
          tag: index % 3 == 0 ? nil : "new releases", image: "functional-male"))
    }
    let product = Product(id: "p\(index % 7)", title: "Product", image: "image-\(index % 7)")
    let date = Date(timeIntervalSince1970: 1_451_606_400 + Double(index % 1000) * 317_000)
    let lines = (0...(index % 5)).map { LineItem(product: product, quantity: 1 + $0 % 3) }
    return .order(Order(id: "order-\(index)", status: "fufilled", orderedAt: date, items: lines))
  }

  /// Stackfeed's texts of one row.
  static func texts(_ model: Either, dates: OrderDateFormatter) -> [String?] {
    switch model {
    case .item(let item):
      let view = FeedItemViewModel(item: item)
      return [view.title, view.subtitle, view.tag, view.image]
    case .order(let order):
      let view = OrderViewModel(order: order, dates: dates)
      return [view.title, view.subtitle] + view.gallery.flatMap { [$0.image, $0.overlay] }
    }
  }

  /// A row to format.
  enum Either {
    case item(FeedItem)
    case order(Order)
  }
}

/// The baseline: the texts formatted the way the original app did, with a new `DateFormatter` per date.
struct NaiveViewModels {
  let timeZone: TimeZone

  func texts(_ model: FormatBench.Either) -> [String?] {
    switch model {
    case .item(let item):
      return [item.title.uppercased(), item.subtitle, item.tag?.uppercased(), item.image]
    case .order(let order):
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = timeZone
      formatter.dateFormat = "dd MMM yy"
      let subtitle = "Ordered on " + formatter.string(from: order.orderedAt)
      let gallery = OrderViewModel.gallery(for: order.items)
      return [("It's " + order.status).uppercased(), subtitle] + gallery.flatMap { [$0.image, $0.overlay] }
    }
  }
}
