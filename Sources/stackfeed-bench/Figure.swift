/// One measured figure, e.g. `layout.cold` = 9.1 us/card over 10,000 cards.
struct Figure {
  /// Dotted name: `<benchmark>.<phase>`.
  var name: String
  /// The median value.
  var value: Double
  /// Unit, e.g. `us/card`, `cards/s`.
  var unit: String
  /// Workload size the figure was measured on.
  var cards: Int

  /// `{"name": "layout.cold", "value": 9.1, "unit": "us/card", "cards": 10000}`
  var jsonLine: String {
    "{\"name\": \"\(name)\", \"value\": \(rounded), \"unit\": \"\(unit)\", \"cards\": \(cards)}"
  }

  /// A fixed-width text line.
  var textLine: String {
    let label = name.padding(toLength: 28, withPad: " ", startingAt: 0)
    return "\(label) \(rounded) \(unit) (\(cards) cards)"
  }

  /// Four significant decimals for small values, whole numbers for large ones.
  private var rounded: String {
    guard value.isFinite else { return "null" }
    if abs(value) >= 1000 { return String(Int(value.rounded())) }
    return String((value * 1000).rounded() / 1000)
  }
}
