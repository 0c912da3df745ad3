import StackLayout

/// The reference app's real card texts (reference-app.md, Seeds/) with their fonts and label widths at 390.
enum RealTexts {
  /// Feed item texts from the seed: upper-cased title, subtitle.
  static let feedItems: [(title: String, subtitle: String)] = [
    ("THE FUTURE IS FUNCTIONAL", "Get after your goals in new Apex"),
    ("PRESS RESET", "The newest collection is here"),
    ("RAISE THE BAR", "Level up in Vital Rise"),
    ("MUST HAVES", "Your key piece inspo"),
    ("TAKE ON THE HEAT", "In summer activewear"),
  ]

  /// One label to measure: what the engine asks the measurer for that label.
  struct Label {
    var text: String
    var font: FontStyle
    var lines: Int
    /// The label's width at 390 (nil: natural size).
    var width: Double?
  }

  /// The labels of one feed-item card and one order card (and the header) at width 390.
  static let labels: [Label] =
    feedItems.flatMap { item in
      [
        Label(text: item.title, font: FontStyle(size: 18, weight: .heavy), lines: 2, width: 270),
        Label(text: item.subtitle, font: FontStyle(size: 15), lines: 1, width: 270),
      ]
    } + [
      Label(text: "NEW RELEASES", font: FontStyle(size: 11.5, weight: .bold), lines: 1, width: nil),
      Label(text: "IT'S FUFILLED", font: FontStyle(size: 18, weight: .heavy), lines: 2, width: 304),
      Label(text: "Ordered on 06 Jul 21", font: FontStyle(size: 15), lines: 1, width: 330),
      Label(text: "+3", font: FontStyle(size: 18, weight: .semibold), lines: 1, width: nil),
      Label(text: "HI, RUSSELL", font: FontStyle(size: 17, weight: .heavy), lines: 1, width: nil),
    ]
}
