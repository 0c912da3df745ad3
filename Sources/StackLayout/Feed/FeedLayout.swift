/// A feed laid out once and kept up to date: one `LayoutResult` per card, stacked top to bottom
/// (no gaps), and the rows' offsets.
///
/// A change to one card lays out that card only: its labels are measured again, the other cards
/// are neither measured nor arranged, and the rows after it move as data (their offsets are sums
/// in a tree of heights: O(log n) to update and to read), so a change costs about one card's
/// layout whatever the feed's length. The result is the one a fresh `FeedLayout` of the changed
/// cards gives, exactly.
///
/// ```swift
/// var feed = FeedLayout(cards: cards, width: 390)           // every card laid out once
/// try feed.update(text: "SOLD OUT", id: "titleLabel", row: 7) // card 7 again, nothing else
/// feed.offset(of: 8)                                         // row 8's top, moved by the new height
/// ```
public struct FeedLayout: Sendable {
  /// Lays out the cards (and measures their labels).
  public let engine: LayoutEngine
  /// The width every card is laid out at.
  public let width: Double
  /// The cards' layouts, one per row (each in its own coordinates: the card's origin is 0, 0).
  public private(set) var results: [LayoutResult]
  private var offsets: RowOffsets

  /// Lays out every card at `width` with `engine`.
  public init(cards: [LayoutNode], width: Double, engine: LayoutEngine = LayoutEngine()) {
    self.engine = engine
    self.width = width
    results = engine.layout(cards, width: width)
    offsets = RowOffsets(heights: results.map(\.size.height))
  }

  /// The number of rows.
  public var count: Int { results.count }

  /// The height of the whole feed: the sum of the rows' heights.
  public var height: Double { offsets.total }

  /// Where row `row` starts (the sum of the heights before it); `row == count` gives `height`.
  public func offset(of row: Int) -> Double {
    precondition(row >= 0 && row <= count, "row \(row) is outside 0...\(count)")
    return offsets.offset(of: row)
  }

  /// Row `row`'s frame in the feed's coordinates.
  public func frame(of row: Int) -> Rect {
    Rect(x: 0, y: offset(of: row), width: results[row].size.width, height: results[row].size.height)
  }

  /// The row at `y` in the feed's coordinates (e.g. the first visible one when scrolled to `y`);
  /// nil above the first row or below the last.
  public func row(at y: Double) -> Int? {
    offsets.row(containing: y)
  }

  /// Replaces row `row`'s card and lays out that card alone; the rows after it move by the
  /// change in its height.
  public mutating func replaceCard(at row: Int, with card: some LayoutElement) {
    precondition(row >= 0 && row < count, "row \(row) is outside 0..<\(count)")
    let result = engine.layout(card.node, width: width)
    offsets.setHeight(result.size.height, of: row)
    results[row] = result
  }

  /// Sets the string of the label `id` in row `row`'s card (the first in preorder) and lays out
  /// that card again, as `replaceCard(at:with:)` does.
  ///
  /// - Throws: `FeedLayoutError.noLabel` when the card has no label with that id within the
  ///   engine's depth limit; nothing changes then.
  public mutating func update(text: String, id: String, row: Int) throws(FeedLayoutError) {
    precondition(row >= 0 && row < count, "row \(row) is outside 0..<\(count)")
    var card = results[row].root
    guard card.setText(text, id: id, depthLimit: engine.maxDepth) else {
      throw .noLabel(id: id, row: row)
    }
    replaceCard(at: row, with: card)
  }
}

/// Why a `FeedLayout` change was refused.
public enum FeedLayoutError: Error, Equatable, CustomStringConvertible {
  /// Row `row`'s card has no text node with this id.
  case noLabel(id: String, row: Int)

  /// What went wrong, naming the row and the id.
  public var description: String {
    switch self {
    case .noLabel(let id, let row): "row \(row): the card has no label with id '\(id)'"
    }
  }
}

extension LayoutNode {
  /// Sets the string of the first label (preorder) whose id is `id`, looking at most `depthLimit`
  /// levels down (the engine lays out nothing deeper); false when there is none. Only the nodes on
  /// the label's path are written (and so copied when shared).
  mutating func setText(_ string: String, id: String, depthLimit: Int) -> Bool {
    guard let path = path(toLabel: id, depthLimit: depthLimit) else { return false }
    setText(string, path: path[...])
    return true
  }

  /// The child positions from this node down to the first label `id`, read without copying.
  private func path(toLabel id: String, depthLimit: Int) -> [Int]? {
    if self.id == id, case .text = kind { return [] }
    guard depthLimit > 0 else { return nil }
    for index in children.indices {
      if let rest = children[index].path(toLabel: id, depthLimit: depthLimit - 1) { return [index] + rest }
    }
    return nil
  }

  private mutating func setText(_ string: String, path: ArraySlice<Int>) {
    guard let index = path.first else {
      if case .text(var content) = kind {
        content.string = string
        kind = .text(content)
      }
      return
    }
    children[index].setText(string, path: path.dropFirst())
  }
}
