/// Something a user can order.
public struct Product: Sendable, Hashable, Codable {
  /// Stable identifier, referenced by line items.
  public var id: String
  /// Display name, e.g. `Arrival Shorts`.
  public var title: String
  /// Name of the product's image asset, e.g. `shorts`.
  public var image: String

  /// Creates a product.
  public init(id: String, title: String, image: String) {
    self.id = id
    self.title = title
    self.image = image
  }
}
