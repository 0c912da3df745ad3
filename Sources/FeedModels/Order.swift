#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A user's order: a status, the instant it was placed, and its line items.
public struct Order: Sendable, Hashable, Codable {
  /// Stable identifier.
  public var id: String
  /// Free-text status as stored, e.g. `FUFILLED` (sic, as in the reference app).
  public var status: String
  /// The instant the order was placed (stored as UTC).
  public var orderedAt: Date
  /// The products ordered, in order, each with a quantity ≥ 1.
  public var items: [LineItem]

  /// Creates an order. The date is explicit: models never read the clock.
  public init(id: String, status: String, orderedAt: Date, items: [LineItem]) {
    self.id = id
    self.status = status
    self.orderedAt = orderedAt
    self.items = items
  }
}
