import Synchronization

/// Remembers the last layout of each root (a feed row, a card) so that laying out a feed again
/// only recomputes the roots that changed: relayout after changing one card costs O(that card).
///
/// ```swift
/// let cache = LayoutCache<String>(engine: LayoutEngine())
/// for row in rows { results[row.id] = cache.layout(row.card, key: row.id, width: 390) }
/// ```
/// A hit needs the same key, width, height and an equal tree. Equality is checked first on
/// storage identity (O(1) when the caller passes the tree it passed before), then field by field.
/// Safe to share between threads: the entries live in a `Synchronization.Mutex` (the standard library's,
/// so StackLayout needs no Foundation); a miss lays out outside the lock.
public final class LayoutCache<Key: Hashable & Sendable>: Sendable {
  private struct Entry: Sendable {
    var width: Double
    var height: Double?
    var result: LayoutResult
  }

  /// The engine used on a miss.
  public let engine: LayoutEngine
  private let entries = Mutex<[Key: Entry]>([:])

  /// Creates an empty cache in front of `engine`.
  public init(engine: LayoutEngine = LayoutEngine()) {
    self.engine = engine
  }

  /// The layout of `root` under `key`: the remembered one when nothing changed, else a new one.
  public func layout(_ root: some LayoutElement, key: Key, width: Double, height: Double? = nil) -> LayoutResult {
    let node = root.node
    if let entry = entries.withLock({ $0[key] }), entry.width == width, entry.height == height,
      entry.result.root == node
    {
      return entry.result
    }
    let result = engine.layout(node, width: width, height: height)
    entries.withLock { $0[key] = Entry(width: width, height: height, result: result) }
    return result
  }

  /// Forgets the layout under `key` (e.g. a row that left the feed).
  public func remove(_ key: Key) {
    _ = entries.withLock { $0.removeValue(forKey: key) }
  }

  /// Forgets every layout.
  public func removeAll() {
    entries.withLock { $0.removeAll() }
  }

  /// How many roots are remembered.
  public var count: Int { entries.withLock { $0.count } }
}
