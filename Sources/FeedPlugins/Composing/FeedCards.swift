import StackLayout
import StackRender

/// One row of the feed with its card, ready to lay out.
public struct FeedCard: Sendable, StackableCard {
  /// The row kind, e.g. `feed_item`.
  public var kind: String
  /// The row's id.
  public var id: String
  /// The row's card tree (not laid out).
  public var tree: LayoutNode

  /// Creates a card.
  public init(kind: String, id: String, tree: LayoutNode) {
    self.kind = kind
    self.id = id
    self.tree = tree
  }

  /// The card laid out at `width` (its fitted height is the row's), as a row for StackRender's renderers.
  public func renderRow(width: Double, engine: LayoutEngine) -> RenderRow {
    RenderRow(kind: kind, id: id, layout: engine.layout(tree, width: width))
  }
}

/// The composed feed's cards in feed order, read a page at a time: only one page of rows is in memory, so a
/// feed of a million items renders in bounded memory.
///
/// A `Sequence` cannot throw, so a read error ends the sequence early and is kept: call ``finish()`` after
/// iterating to rethrow it. ``stop()`` ends the sequence early on purpose (e.g. the reader of the output went
/// away). Iterate once.
///
///     let cards = FeedCards(composer: composer)
///     for card in cards { … }
///     try cards.finish()
public final class FeedCards: Sequence, IteratorProtocol {
  /// Rows read per page (per read transaction).
  public static let defaultPageSize = 256

  private let composer: FeedComposer
  private let pageSize: Int
  private var page: [FeedCard] = []
  private var position = 0
  private var cursor: FeedCursor?
  private var exhausted = false
  private var failure: (any Error)?

  /// Reads the feed of `composer`, `pageSize` rows per page (at least 1).
  public init(composer: FeedComposer, pageSize: Int = FeedCards.defaultPageSize) {
    self.composer = composer
    self.pageSize = Swift.max(1, pageSize)
  }

  /// The next card, reading the next page when the current one is used up; `nil` at the end, after
  /// ``stop()``, or after an error.
  public func next() -> FeedCard? {
    if position == page.count {
      guard !exhausted else { return nil }
      readPage()
    }
    guard position < page.count else { return nil }
    defer { position += 1 }
    return page[position]
  }

  /// Ends the sequence: ``next()`` returns `nil` from now on.
  public func stop() {
    exhausted = true
    page = []
    position = 0
  }

  /// Rethrows the error that ended the sequence early, if any.
  public func finish() throws {
    if let failure { throw failure }
  }

  private func readPage() {
    var cards: [FeedCard] = []
    cards.reserveCapacity(pageSize)
    let registry = composer.registry
    do {
      cursor = try composer.compose(after: cursor, limit: pageSize) { row in
        if let tree = try registry.card(for: row) { cards.append(FeedCard(kind: row.kind, id: row.id, tree: tree)) }
      }
    } catch {
      failure = error
      cursor = nil
      cards = []
    }
    exhausted = cursor == nil
    page = cards
    position = 0
  }
}
