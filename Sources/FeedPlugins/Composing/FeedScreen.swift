import StackLayout

/// The screen the feed's rows are drawn on: what every renderer paints behind the cards (`render`, `gallery`,
/// `/v1/render`), whatever the row kinds. The core's, not a card kind's: a kind's colours are chosen to read on it
/// (docs/CARDS.md, "Dark mode").
///
///     RenderFormat.svg.renderer(assets: nil, background: FeedScreen.background)
public enum FeedScreen {
  /// The reference app's screen: white 0.95 (`#F2F2F2`); black in the dark scheme (`systemGroupedBackground`).
  public static let background = Color.pair(light: .white(0.95), dark: .black)
}
