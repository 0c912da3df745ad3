import FeedModels

/// The texts of a feed item's card.
///
///     let item = FeedItem(id: "1", title: "Press reset", subtitle: nil, tag: "new", image: "reset")
///     FeedItemViewModel(item: item).title  // "PRESS RESET"
///     FeedItemViewModel(item: item).tag    // "NEW"
public struct FeedItemViewModel: Sendable, Hashable {
  /// The item's id.
  public let id: String
  /// The title, upper-cased (locale-independent, see ``HeaderViewModel``).
  public let title: String
  /// The subtitle as stored; `nil` when absent or empty.
  public let subtitle: String?
  /// The tag, upper-cased; `nil` (absent or empty) hides the tag chip.
  public let tag: String?
  /// The image asset name; `nil` when the item has none (absent or empty, the original app's `""` sentinel).
  public let image: String?

  /// Derives the card texts from a feed item. An empty subtitle, tag or image counts as absent: the texts
  /// say `nil`, never `""`.
  public init(item: borrowing FeedItem) {
    id = item.id
    title = item.title.uppercased()
    subtitle = Self.present(item.subtitle)
    tag = Self.present(item.tag)?.uppercased()
    image = Self.present(item.image)
  }

  private static func present(_ text: String?) -> String? {
    if let text, !text.isEmpty { text } else { nil }
  }
}
