import FeedPlugins
import FeedStore
import SQLCore

extension PromoPlugin: RowGenerator {
  /// `promos`.
  public var generatedRowsName: String { "promos" }

  /// Appends `count` promos after the existing ones (`generated-<rank>`, "Promo <rank>"), in one transaction.
  public func generate(_ count: Int, in db: StoreConnection, progress: (Int) -> Void) throws {
    try db.write {
      try db.takeWriteTurn(on: "promo")
      let last = try db.queryOne("SELECT coalesce(max(rank), 0) FROM promo") { try $0.int64(at: 0) } ?? 0
      let insert = try db.prepare("INSERT INTO promo (id, text, rank) VALUES ($1, $2, $3)")
      for offset in 0..<count {
        let rank = last + Int64(offset) + 1
        try insert.run([.text("generated-\(rank)"), .text("Promo \(rank)"), .integer(rank)])
      }
      progress(count)
    }
  }
}
