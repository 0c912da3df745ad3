import FeedStore

extension ProductPlugin {
  /// What a product may contain, declared once: the records of `products.json` and the bodies of the product
  /// routes follow these rules, and docs/openapi.json's `NewProduct` and `ProductChange` state them.
  public enum Rules {
    /// The title: free text, up to 120 characters, not blank (what search folds, ``ProductSearch``).
    public static let title = FieldRule.text("title", TextRule(maximumLength: 120))
    /// The image: an image's name (an id: it names the image in URLs).
    public static let image = FieldRule.identifier("image")

    /// A record of `products.json`.
    public static let record = RecordRules([.identifier(), title, image])
    /// The body of `POST /v1/products`: a record whose id may be left to the server (a random UUID).
    public static let new = RecordRules([.identifier("id", .optional), title, image])
    /// A product's fields but its id (a change laid over a product is checked whole by these).
    public static let fields = record.without(["id"])
    /// The body of `PATCH /v1/products/{id}`: the fields it changes.
    public static let change = fields.partial
  }
}
