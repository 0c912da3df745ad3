/// One line of an order: a product and how many of it.
public struct LineItem: Sendable, Hashable, Codable {
  /// The product ordered.
  public var product: Product
  /// How many; at least 1 (validated when seeding, enforced by the schema).
  public var quantity: Int

  /// Creates a line item.
  public init(product: Product, quantity: Int) {
    self.product = product
    self.quantity = quantity
  }
}
