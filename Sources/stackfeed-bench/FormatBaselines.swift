import FeedModels
import FeedViewModels
import Foundation

/// The original app's texts: a new `DateFormatter` for every date (its cost per row is what the app paid).
struct NaiveViewModels {
  let timeZone: TimeZone

  func texts(_ model: FormatBench.Either) -> [String?] {
    ReusedViewModels(formatter: DateBaselines.dateFormatter(timeZone)).texts(model)
  }

  func length(_ model: FormatBench.Either) -> Int {
    ReusedViewModels(formatter: DateBaselines.dateFormatter(timeZone)).length(model)
  }
}

/// The same texts made the ordinary way an app would, with one `DateFormatter` built once and reused for every
/// row: the honest baseline. `uppercased()`, `+` on strings, and a gallery of its own written with the standard
/// library's collection operations (each image repeated by its quantity, the first four kept, `+N` on the 4th):
/// none of Stackfeed's code, so that making Stackfeed's texts faster does not make the baseline faster too.
struct ReusedViewModels {
  let formatter: DateFormatter

  func texts(_ model: FormatBench.Either) -> [String?] {
    switch model {
    case .item(let item):
      return [item.title.uppercased(), item.subtitle, item.tag?.uppercased(), item.image]
    case .order(let order):
      let subtitle = "Ordered on " + formatter.string(from: order.orderedAt)
      return [("It's " + order.status).uppercased(), subtitle]
        + Self.gallery(order.items).flatMap { [$0.image, $0.overlay] }
    }
  }

  /// The total length of the same texts (see `FormatBench.length`).
  func length(_ model: FormatBench.Either) -> Int {
    switch model {
    case .item(let item):
      return item.title.uppercased().utf8.count &+ (item.subtitle?.utf8.count ?? 0)
        &+ (item.tag?.uppercased().utf8.count ?? 0) &+ (item.image?.utf8.count ?? 0)
    case .order(let order):
      let subtitle = "Ordered on " + formatter.string(from: order.orderedAt)
      return ("It's " + order.status).uppercased().utf8.count &+ subtitle.utf8.count
        &+ FormatBench.galleryLength(Self.gallery(order.items))
    }
  }

  /// The gallery as an app would write it: every image repeated by its quantity, the first four shown, the 4th
  /// with `+N` (N = image count − 3).
  static func gallery(_ items: [LineItem]) -> [GalleryImage] {
    let images = items.flatMap { repeatElement($0.product.image, count: max($0.quantity, 0)) }
    return images.prefix(4).enumerated().map { index, image in
      GalleryImage(image: image, overlay: index == 3 ? "+" + String(images.count - 3) : nil)
    }
  }
}

/// Foundation's two ways to write `dd MMM yy`, each built once: `DateFormatter` with the fixed pattern
/// (en_US_POSIX), and `Date.FormatStyle` (two-digit day, abbreviated month, two-digit year; en_GB orders them
/// day, month, year without punctuation, which is the same string while ICU abbreviates September `Sep`).
struct DateBaselines {
  let formatter: DateFormatter
  let style: Date.FormatStyle

  init(timeZone: TimeZone) {
    formatter = Self.dateFormatter(timeZone)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    style = Date.FormatStyle(locale: Locale(identifier: "en_GB"), calendar: calendar, timeZone: timeZone)
      .day(.twoDigits).month(.abbreviated).year(.twoDigits)
  }

  /// A `DateFormatter` for `dd MMM yy` in `timeZone`, as the original app configured it.
  static func dateFormatter(_ timeZone: TimeZone) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = timeZone
    formatter.dateFormat = "dd MMM yy"
    return formatter
  }

  /// Fails unless all three make the same string for every date.
  func check(_ dates: ArraySlice<Date>, against ours: OrderDateFormatter) throws {
    for date in dates {
      let expected = ours.string(from: date)
      let viaFormatter = formatter.string(from: date)
      let viaStyle = style.format(date)
      guard viaFormatter == expected, viaStyle == expected else {
        let found = "DateFormatter '\(viaFormatter)', Date.FormatStyle '\(viaStyle)'"
        throw BenchError(code: 70, description: "\(date): Stackfeed '\(expected)', \(found)")
      }
    }
  }
}
