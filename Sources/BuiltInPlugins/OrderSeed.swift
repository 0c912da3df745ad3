import FeedModels
import FeedStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The validated contents of `orders.json`.
public struct OrderSeed: Sendable, Hashable {
  /// One order as seeded: line items reference products by id.
  public struct OrderRecord: Sendable, Hashable {
    /// The order's id.
    public var id: String
    /// Its status, as stored.
    public var status: String
    /// When it was placed.
    public var orderedAt: Date
    /// The id of the user it belongs to (`default` when the record names none).
    public var user: String
    /// The line items, in order.
    public var lines: [Line]
  }

  /// One line item as seeded.
  public struct Line: Sendable, Hashable {
    /// The product's id.
    public var product: String
    /// How many: 1 to 999 (``OrderPlugin/Rules/quantity``).
    public var quantity: Int
  }

  /// The orders, in file order.
  public var orders: [OrderRecord]

  /// Validates `orders.json`; `nil` when it is absent. Every line item must name a product of the folder's
  /// `products.json` (as the product kind reads it); an order's optional `"user"` must be `default` or a user of
  /// `users.json` (`profile.json` is `default`).
  static func validate(_ files: SeedFiles) throws(SeedError) -> OrderSeed? {
    guard files.contents["orders.json"] != nil else { return nil }
    let known = Set((try ProductPlugin().validateSeed(files) ?? []).map(\.id))
    let users = Set((try UserSeedLoader().validateSeed(files) ?? []).map(\.id)).union([User.defaultID])
    let orders = try files.models("orders.json", checkedBy: OrderPlugin.Rules.order) { id, record throws(SeedError) in
      let status = try record.string("status")
      let orderedAt = try record.instant("orderedAt")
      let user = try record.optionalString("user") ?? User.defaultID
      guard users.contains(user) else {
        throw record.error("user", "unknown user \"\(user)\" (not in \(UserSeedLoader.usersFile))")
      }
      let lines = try Self.lines(of: record, id: id) { product in
        known.contains(product) ? nil : "unknown product \"\(product)\" (not in \(ProductPlugin.seedFile))"
      }
      return OrderRecord(id: id, status: status, orderedAt: orderedAt, user: user, lines: lines)
    }
    return orders.map(OrderSeed.init(orders:))
  }

  /// The `items` of an order record checked by ``OrderPlugin/Rules`` (a seed record or the body of
  /// `POST /v1/me/orders`): errors naming `items[i].product`; `problem(product)` says what is wrong with a
  /// product id (`nil`: it is known).
  static func lines(of record: SeedRecord, id: String?, problem: (String) -> String?) throws(SeedError) -> [Line] {
    var lines: [Line] = []
    for (index, element) in try record.array("items").enumerated() {
      let line = try SeedRecord(
        element, file: record.file, index: record.index, id: id, fieldPrefix: "items[\(index)].")
      let product = try line.string("product")
      if let problem = problem(product) { throw line.error("product", problem) }
      lines.append(Line(product: product, quantity: try line.integer("quantity")))
    }
    return lines
  }
}
