import FeedViewModels

/// What VoiceOver says for the built-in cards' parts (their accessibility labels and hints), in English.
///
///     CardLabels.moreItems(3)   // "3 more items"
public enum CardLabels {
  /// The header's magnifier.
  public static let search = "Search"
  /// The order's menu button.
  public static let more = "More"
  /// What the order's menu button does.
  public static let moreHint = "Opens the order's menu"

  /// A feed item's card, read as its button: the title, then the subtitle when there is one.
  public static func feedItem(_ viewModel: FeedItemViewModel) -> String {
    viewModel.subtitle.map { viewModel.title + ", " + $0 } ?? viewModel.title
  }

  /// The gallery's `+N` tile: `1 more item`, `N more items`.
  public static func moreItems(_ count: Int) -> String {
    count == 1 ? "1 more item" : "\(count) more items"
  }
}
