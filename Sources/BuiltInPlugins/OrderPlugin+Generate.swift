import FeedPlugins
import FeedStore
import SQLCore

extension OrderPlugin: UserRowGenerator {
  private enum GenerateSQL {
    static let products = "SELECT id FROM product ORDER BY id"
    static let insertOrder = "INSERT INTO orders (id, status, ordered_at, user_id) VALUES ($1, $2, $3, $4)"
    static let insertLine = "INSERT INTO line_item (order_id, line, product_id, quantity) VALUES ($1, $2, $3, $4)"
  }

  /// The statuses generated orders cycle through (the reference order's, sic, and two more).
  private static let statuses = ["FUFILLED", "SHIPPED", "PROCESSING"]
  /// The first generated order's instant: 2021-07-06T12:00:00Z, in milliseconds; each next one is a day later.
  private static let firstInstant: Int64 = 1_625_572_800_000
  private static let day: Int64 = 86_400_000

  /// Appends orders with fresh random UUID ids to a user: the n-th (from 0) placed n days after 2021-07-06 noon
  /// UTC, so the last is the latest; each has 1 to 3 line items of the existing products (taken in turn), none
  /// when there are no products.
  public func userRowWriter(in db: StoreConnection) throws -> (_ user: String, _ count: Int) throws -> Void {
    let products = try db.queryAll(GenerateSQL.products) { try $0.string(at: 0) }
    let order = try db.prepare(GenerateSQL.insertOrder)
    let line = try db.prepare(GenerateSQL.insertLine)
    var ids = RandomIDs(.seeded)
    var next = 0
    return { user, count in
      for number in 0..<count {
        let id = ids.uuid()
        try order.bind(id, at: 1)
        try order.bind(Self.statuses[number % Self.statuses.count], at: 2)
        try order.bind(Self.firstInstant + Int64(number) * Self.day, at: 3)
        try order.bind(user, at: 4)
        try order.runBound()
        guard !products.isEmpty else { continue }
        for index in 0..<(1 + next % 3) {
          try line.bind(id, at: 1)
          try line.bind(Int64(index), at: 2)
          try line.bind(products[(next + index) % products.count], at: 3)
          try line.bind(Int64(1 + index % 2), at: 4)
          try line.runBound()
        }
        next += 1
      }
    }
  }
}
