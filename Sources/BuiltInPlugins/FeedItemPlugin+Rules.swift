import FeedStore

extension FeedItemPlugin {
  /// What a feed item may contain, declared once: the records of `feed_items.json` and the bodies of the routes
  /// follow these rules, and docs/openapi.json's `NewFeedItem` and `FeedItemChange` state them.
  public enum Rules {
    /// The title: free text, up to 120 characters, not blank.
    public static let title = FieldRule.text("title", TextRule(maximumLength: 120))
    /// The subtitle: none, or free text up to 200 characters, not blank.
    public static let subtitle = FieldRule.text("subtitle", TextRule(maximumLength: 200), .optional)
    /// The tag: none, or free text up to 40 characters, not blank.
    public static let tag = FieldRule.text("tag", TextRule(maximumLength: 40), .optional)
    /// The image: none, or an image's name (an id: it names the image in URLs).
    public static let image = FieldRule.identifier("image", .optional)

    /// A record of `feed_items.json`.
    public static let record = RecordRules([.identifier(), title, subtitle, tag, image])
    /// The body of `POST /v1/feed-items`: a record whose id may be left to the server, and the id of the item
    /// it goes before.
    public static let new = RecordRules(
      [.identifier("id", .optional), title, subtitle, tag, image, .identifier("before", .optional)])
    /// An item's fields but its id (a change laid over an item is checked whole by these).
    public static let fields = record.without(["id"])
    /// The body of `PATCH /v1/feed-items/{id}`: the fields it changes.
    public static let change = fields.partial
  }
}
