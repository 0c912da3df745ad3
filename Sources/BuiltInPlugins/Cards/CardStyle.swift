import StackLayout

/// The reference app's shared constants and colours (`Constants.swift` and the cells), in points.
///
/// Colours that change in the dark scheme are light/dark pairs: the light colour is the app's, the dark one
/// iOS's matching dark system colour, chosen so that text keeps a contrast of at least 4.5:1 on what is behind
/// it (docs/CARDS.md, "Dark mode"; `CardContrastTests`).
///
///     VStack { … }.margin(CardStyle.rowMargin)   // top 20, left 10, right 10, bottom 0
public enum CardStyle {
  /// The order's card: white; `#1C1C1E` in the dark scheme (`secondarySystemGroupedBackground`).
  public static let cardBackground = Color.pair(
    light: .white, dark: Color(red: 28 / 255, green: 28 / 255, blue: 30 / 255))
  /// Text on the screen or a card: black; white in the dark scheme (`label`).
  public static let label = Color.pair(light: .black, dark: .white)
  /// The tint: rgb(46, 142, 215) (`#2E8ED7`), the order's status bar.
  public static let tint = Color(red: 46 / 255, green: 142 / 255, blue: 215 / 255)
  /// UIKit's `gray` (white 0.5): the placeholder behind a feed item's image; `#3A3A3C` in the dark scheme
  /// (`systemGray4`), which the card's white text reads on.
  public static let imagePlaceholder = Color.pair(
    light: .white(0.5), dark: Color(red: 58 / 255, green: 58 / 255, blue: 60 / 255))
  /// UIKit's `darkGray` (white ⅓): the initials circle (white initials read on it in both schemes).
  public static let darkGray = Color.white(1.0 / 3)

  /// Left and right margin of every row.
  public static let tableMargin = 10.0
  /// Margin inside a card.
  public static let contentMargin = 20.0
  /// Space above every row.
  public static let spacing = 20.0
  /// A row's outer margin: `spacing` on top, `tableMargin` left and right, nothing below.
  public static let rowMargin = EdgeInsets(top: spacing, left: tableMargin, bottom: 0, right: tableMargin)

  /// Feed item rows: width = height × 0.9 (at priority 999).
  public static let feedItemRatio = 0.9
  /// Order gallery tiles: width = height × 0.85 (at priority 999).
  public static let galleryTileRatio = 0.85
  /// The priority of both ratios: one below required, as in the app.
  public static let ratioPriority: LayoutPriority = 999
}
