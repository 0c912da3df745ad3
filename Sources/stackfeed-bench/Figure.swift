/// One measured figure, e.g. `layout.cold` = 9.1 us/card over 10,000 cards: the median over the
/// repetitions, with the smallest and largest repetition when there were several.
struct Figure {
  /// Dotted name: `<benchmark>.<phase>`.
  var name: String
  /// The median value.
  var value: Double
  /// Unit, e.g. `us/card`, `cards/s`.
  var unit: String
  /// Workload size the figure was measured on.
  var cards: Int
  /// The smallest and largest repetition; nil for a single value.
  var range: (min: Double, max: Double)?

  init(name: String, value: Double, unit: String, cards: Int, range: (min: Double, max: Double)? = nil) {
    self.name = name
    self.value = value
    self.unit = unit
    self.cards = cards
    self.range = range
  }

  /// The median of `samples` (one per repetition), with their minimum and maximum.
  init(name: String, samples: [Double], unit: String, cards: Int) {
    let sorted = samples.sorted()
    self.init(
      name: name, value: Stopwatch.median(samples), unit: unit, cards: cards,
      range: sorted.count > 1 ? (sorted[0], sorted[sorted.count - 1]) : nil)
  }

  /// `{"name": "layout.cold", "value": 9.1, "unit": "us/card", "cards": 10000, "min": 8.9, "max": 9.6}`
  var jsonLine: String {
    let spread = range.map { ", \"min\": \(Self.rounded($0.min)), \"max\": \(Self.rounded($0.max))" } ?? ""
    let fields = "\"name\": \"\(name)\", \"value\": \(Self.rounded(value)), \"unit\": \"\(unit)\", \"cards\": \(cards)"
    return "{\(fields)\(spread)}"
  }

  /// A fixed-width text line.
  var textLine: String {
    let label = name.padding(toLength: 28, withPad: " ", startingAt: 0)
    let spread = range.map { " [min \(Self.rounded($0.min)), max \(Self.rounded($0.max))]" } ?? ""
    return "\(label) \(Self.rounded(value)) \(unit)\(spread) (\(cards) cards)"
  }

  /// Four significant decimals for small values, whole numbers for large ones.
  private static func rounded(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if abs(value) >= 1000 { return String(Int(value.rounded())) }
    return String((value * 1000).rounded() / 1000)
  }
}
