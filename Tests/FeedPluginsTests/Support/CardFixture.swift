import FeedPlugins
import FeedStore
import StackLayout

/// Cards of a seeded store, laid out with the default engine, with frames in row coordinates.
struct CardFixture {
  /// One laid-out card.
  struct Card {
    var row: FeedRow
    var result: LayoutResult

    var height: Double { result.size.height }
    var warnings: [LayoutWarning] { result.warnings }

    /// The frame of the first node with `id`, moved into the row's coordinates by adding every parent's origin.
    func frame(_ id: String) -> Rect? {
      Self.find(id, in: result.placed, originX: 0, originY: 0)
    }

    private static func find(_ id: String, in placed: PlacedNode, originX: Double, originY: Double) -> Rect? {
      let frame = Rect(
        x: originX + placed.frame.x, y: originY + placed.frame.y, width: placed.frame.width,
        height: placed.frame.height)
      if placed.node.id == id { return frame }
      for child in placed.children {
        if let found = find(id, in: child, originX: frame.x, originY: frame.y) { return found }
      }
      return nil
    }
  }

  let store: TestStore

  /// A store seeded with the bundled reference seeds.
  static func reference() throws -> CardFixture {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    return CardFixture(store: store)
  }

  /// Every row's card, laid out at `width`.
  func cards(width: Double) throws -> [Card] {
    let engine = LayoutEngine()
    return try store.rows().compactMap { row in
      try store.registry.card(for: row).map { Card(row: row, result: engine.layout($0, width: width)) }
    }
  }

  /// The cards of the rows of `kind`, laid out at `width`.
  func cards(ofKind kind: String, width: Double) throws -> [Card] {
    try cards(width: width).filter { $0.row.kind == kind }
  }
}
