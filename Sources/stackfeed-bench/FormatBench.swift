import CivilTime
import FeedModels
import FeedViewModels
import Foundation

/// `stackfeed-bench format`: the view-model texts of `--rows` rows (half feed items, half orders with dates
/// spread over ten years), with Stackfeed's formatters and with two baselines that make the same texts:
/// the original app's way, a new `DateFormatter` for every date (`format.naive`), and the honest one, the same
/// texts made the ordinary way with one `DateFormatter` built once and reused (`format.reused`,
/// `ReusedViewModels`). Both sides take their offsets from the same source, Foundation's `TimeZone` for
/// Europe/Paris (what an app has); Stackfeed is also timed with the zone the `stackfeed` command uses, CivilTime's
/// `ZoneInfo` (the same zone read from the system's time zone database), as a second row. The dates alone are
/// timed four ways: Stackfeed's `OrderDateFormatter` with `TimeZone` and with `ZoneInfo`, the reused
/// `DateFormatter` and a reused `Date.FormatStyle`, all making the same strings (checked on every date of the
/// workload before timing).
///
/// Figures (median over `--reps`, with min and max): `format.viewmodels` (`TimeZone`),
/// `format.viewmodels.zoneinfo`, `format.naive` (timed on at most 20,000 rows: its cost per row does not depend
/// on the count), `format.reused` in ns/row; `format.date.stackfeed` (`TimeZone`), `format.date.stackfeed.zoneinfo`,
/// `format.date.reused`, `format.date.formatstyle` in ns/date; the ratios `format.speedup` (naive ÷ Stackfeed),
/// `format.speedup.reused` (reused ÷ Stackfeed, rows), `format.speedup.reused.zoneinfo` (the same with
/// `ZoneInfo`) and `format.date.speedup.reused` / `format.date.speedup.formatstyle` (dates), each taken per
/// repetition from timings run back to back.
enum FormatBench: BenchCommand {
  static let name = "format"
  static let summary = "view-model texts per row and dates: Stackfeed's formatters vs DateFormatter / Date.FormatStyle"
  static let naiveRows = 20_000

  static func run(_ options: BenchOptions) throws -> [Figure] {
    let count = options.cards
    let zone = TimeZone(identifier: "Europe/Paris") ?? .gmt
    guard let zoneInfo = ZoneInfo.named("Europe/Paris") else {
      throw BenchError(code: 69, description: "Europe/Paris is not in the time zone database (install tzdata)")
    }
    let models = (0..<count).map(model)
    let dates = OrderDateFormatter(timeZone: zone)
    let zoneInfoDates = OrderDateFormatter(timeZone: zoneInfo)
    let naive = NaiveViewModels(timeZone: zone)
    let reused = ReusedViewModels(formatter: DateBaselines.dateFormatter(zone))
    for index in stride(from: 0, to: min(count, 2_000), by: 1) {
      let ours = texts(models[index], dates: dates)
      guard ours == naive.texts(models[index]), ours == reused.texts(models[index]),
        ours == texts(models[index], dates: zoneInfoDates)
      else {
        throw BenchError(code: 70, description: "row \(index): Stackfeed and a baseline disagree")
      }
    }
    let orderDates = models.compactMap { if case .order(let order) = $0 { order.orderedAt } else { nil } }
    let baselines = DateBaselines(timeZone: zone)
    try baselines.check(orderDates.prefix(2_000), against: dates)  // every date of the workload: they repeat
    try baselines.check(orderDates.prefix(2_000), against: zoneInfoDates)

    var ours: [Double] = []
    var oursZoneInfo: [Double] = []
    var baseline: [Double] = []
    var reusedRows: [Double] = []
    var date = (ours: [Double](), zoneInfo: [Double](), formatter: [Double](), style: [Double]())
    var checksum = 0
    let sample = Array(models.prefix(naiveRows))
    let perRow = { (seconds: Double, rows: Int) in seconds * 1e9 / Double(max(rows, 1)) }
    for _ in 0..<options.reps {
      ours.append(perRow(Stopwatch.seconds { for model in models { checksum &+= length(model, dates: dates) } }, count))
      oursZoneInfo.append(
        perRow(Stopwatch.seconds { for model in models { checksum &+= length(model, dates: zoneInfoDates) } }, count))
      baseline.append(
        perRow(Stopwatch.seconds { for model in sample { checksum &+= naive.length(model) } }, sample.count))
      reusedRows.append(perRow(Stopwatch.seconds { for model in models { checksum &+= reused.length(model) } }, count))
      let dateCount = orderDates.count
      date.ours.append(
        perRow(
          Stopwatch.seconds { for day in orderDates { checksum &+= dates.string(from: day).utf8.count } }, dateCount))
      date.zoneInfo.append(
        perRow(
          Stopwatch.seconds { for day in orderDates { checksum &+= zoneInfoDates.string(from: day).utf8.count } },
          dateCount))
      date.formatter.append(
        perRow(
          Stopwatch.seconds { for day in orderDates { checksum &+= baselines.formatter.string(from: day).utf8.count } },
          dateCount))
      date.style.append(
        perRow(
          Stopwatch.seconds { for day in orderDates { checksum &+= baselines.style.format(day).utf8.count } },
          dateCount))
    }
    guard checksum > 0 else { throw BenchError(code: 70, description: "no texts were made") }
    let ratio = { (slow: [Double], fast: [Double]) in zip(slow, fast).map { $0 / $1 } }
    let dateCount = orderDates.count
    return [
      Figure(name: "format.viewmodels", samples: ours, unit: "ns/row", cards: count),
      Figure(name: "format.viewmodels.zoneinfo", samples: oursZoneInfo, unit: "ns/row", cards: count),
      Figure(name: "format.naive", samples: baseline, unit: "ns/row", cards: sample.count),
      Figure(name: "format.reused", samples: reusedRows, unit: "ns/row", cards: count),
      Figure(name: "format.speedup", samples: ratio(baseline, ours), unit: "x", cards: count),
      Figure(name: "format.speedup.reused", samples: ratio(reusedRows, ours), unit: "x", cards: count),
      Figure(name: "format.speedup.reused.zoneinfo", samples: ratio(reusedRows, oursZoneInfo), unit: "x", cards: count),
      Figure(name: "format.date.stackfeed", samples: date.ours, unit: "ns/date", cards: dateCount),
      Figure(name: "format.date.stackfeed.zoneinfo", samples: date.zoneInfo, unit: "ns/date", cards: dateCount),
      Figure(name: "format.date.reused", samples: date.formatter, unit: "ns/date", cards: dateCount),
      Figure(name: "format.date.formatstyle", samples: date.style, unit: "ns/date", cards: dateCount),
      Figure(
        name: "format.date.speedup.reused", samples: ratio(date.formatter, date.ours), unit: "x", cards: dateCount),
      Figure(
        name: "format.date.speedup.formatstyle", samples: ratio(date.style, date.ours), unit: "x", cards: dateCount),
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

  /// The total length of Stackfeed's texts of one row: what the timed loops use, so that they time making
  /// the texts and not collecting them into arrays (`texts` does that, for the checks).
  static func length(_ model: Either, dates: OrderDateFormatter) -> Int {
    switch model {
    case .item(let item):
      let view = FeedItemViewModel(item: item)
      return view.title.utf8.count &+ (view.subtitle?.utf8.count ?? 0) &+ (view.tag?.utf8.count ?? 0)
        &+ (view.image?.utf8.count ?? 0)
    case .order(let order):
      let view = OrderViewModel(order: order, dates: dates)
      return view.title.utf8.count &+ view.subtitle.utf8.count &+ galleryLength(view.gallery)
    }
  }

  /// The total length of a gallery's image names and overlay.
  static func galleryLength(_ gallery: [GalleryImage]) -> Int {
    gallery.reduce(0) { $0 &+ $1.image.utf8.count &+ ($1.overlay?.utf8.count ?? 0) }
  }

  /// A row to format.
  enum Either {
    case item(FeedItem)
    case order(Order)
  }
}
