/// A promotional item of the feed: one card with an image, a title and an optional tag.
///
///     let item = FeedItem(id: "a1", title: "Press reset", subtitle: "The newest collection is here",
///                         tag: nil, image: "reset")
public struct FeedItem: Sendable, Hashable, Codable {
  /// Stable identifier (a UUID string in generated data).
  public var id: String
  /// The title as stored; the view model upper-cases it.
  public var title: String
  /// Secondary line, absent when the item has none.
  public var subtitle: String?
  /// Short label shown as a chip; absent hides the chip.
  public var tag: String?
  /// Name of the image asset; absent when the item has no picture.
  public var image: String?

  /// Creates a feed item. Every field is explicit: nothing reads the clock or makes a UUID.
  public init(id: String, title: String, subtitle: String?, tag: String?, image: String?) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.tag = tag
    self.image = image
  }
}
