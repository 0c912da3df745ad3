import FeedPlugins
import FeedStore
import SQLCore

extension ProductPlugin: RowGenerator {
  /// The first words of generated titles: the reference products' lines and names with diacritics, so that a
  /// generated catalogue exercises search's folding (`lucia` finds `Lúcia`, `aero` finds `Ærø`).
  private static let lines = [
    "Apex", "Arrival", "Vital", "Lúcia", "Ærø", "Crème", "Straße", "Ñandú", "Zoë", "Øresund", "Šárka", "Élan",
    "Köln", "Fjärran", "Brûlée", "Café",
  ]
  /// The last words of generated titles, and their pictures.
  private static let garments: [(title: String, image: String)] = [
    ("Hoodie", "hoodie"), ("T-Shirt", "tshirt"), ("Top", "top"), ("Shorts", "shorts"), ("Seamless Leggings", "top"),
    ("Crop Top", "top"), ("Joggers", "shorts"), ("Sports Bra", "top"), ("Zip Hoodie", "hoodie"),
  ]

  /// `products`.
  public var generatedRowsName: String { "products" }

  /// Adds `count` products with fresh random UUID ids in one write transaction: titles cycle through every line
  /// and garment (`Lúcia Zip Hoodie`, with a running number after the first round: `Lúcia Zip Hoodie 2`), pictures
  /// the reference products'.
  public func generate(_ count: Int, in db: StoreConnection, progress: (Int) -> Void = { _ in }) throws {
    try db.write {
      try db.takeWriteTurn(on: SQL.table)
      let insert = try db.prepare(SQL.insert)
      var ids = RandomIDs(.seeded)
      let round = Self.lines.count * Self.garments.count
      for offset in 0..<count {
        let garment = Self.garments[offset % Self.garments.count]
        let line = Self.lines[(offset / Self.garments.count) % Self.lines.count]
        let title = "\(line) \(garment.title)" + (offset < round ? "" : " \(offset / round + 1)")
        try insert.bind(ids.uuid(), at: 1)
        try insert.bind(title, at: 2)
        try insert.bind(garment.image, at: 3)
        try insert.bind(ProductSearch.fold(title), at: 4)
        try insert.runBound()
        if (offset + 1) % FeedItemPlugin.progressInterval == 0 { progress(offset + 1) }
      }
      progress(count)
    }
  }
}
