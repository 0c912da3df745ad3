import FeedStore

extension OrderPlugin {
  /// What orders may contain, declared once: the records of `orders.json` and the bodies of the order routes
  /// follow these rules, and docs/openapi.json's `NewOrder` and `OrderStatus` state them (a product's are
  /// ``ProductPlugin/Rules``).
  public enum Rules {
    /// An order's status: bounded free text (up to 32 characters, not blank), the shop's own word — the
    /// reference order's is `FUFILLED` (sic) — shown upper-cased as `IT'S <STATUS>`. No set of statuses or
    /// transitions is enforced: the shop names its own.
    public static let status = FieldRule.text("status", TextRule(maximumLength: 32))
    /// How many of a product one line orders: 1 to 999.
    public static let quantity = FieldRule.integer("quantity", 1...999)
    /// One line of an order: a product's id and a quantity.
    public static let line = RecordRules([.identifier("product"), quantity])
    /// An order's lines: 1 to 100 (an order of nothing is not an order).
    public static let items = FieldRule("items", .list(of: .record(line), count: 1...100))

    /// A record of `orders.json`.
    public static let order = RecordRules([
      .identifier(), status, FieldRule("orderedAt", .instant), .identifier("user", .optional), items,
    ])
    /// The body of `POST /v1/me/orders`: the lines (the id, status, time and user are the server's).
    public static let new = RecordRules([items])
    /// The body of `PATCH /v1/orders/{id}`: the new status.
    public static let change = RecordRules([status])
  }
}
