import FeedModels

/// The texts of a feed item's card.
///
///     let item = FeedItem(id: "1", title: "Press reset", subtitle: nil, tag: "new", image: "reset")
///     FeedItemViewModel(item: item).title  // "PRESS RESET"
///     FeedItemViewModel(item: item).tag    // "NEW"
public struct FeedItemViewModel: Sendable, Hashable {
  /// The item's id.
  public var id: String
  /// The title, upper-cased (locale-independent, see ``HeaderViewModel``).
  public var title: String
  /// The subtitle as stored; `nil` when absent.
  public var subtitle: String?
  /// The tag, upper-cased; `nil` hides the tag chip.
  public var tag: String?
  /// The image asset name; `nil` when the item has none.
  public var image: String?

  /// Derives the card texts from a feed item.
  public init(item: FeedItem) {
    id = item.id
    title = item.title.uppercased()
    subtitle = item.subtitle
    tag = item.tag?.uppercased()
    image = item.image
  }
}
