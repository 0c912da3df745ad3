import FeedPlugins
import StackLayout

/// One card the gallery draws in every trait set: a row of one kind, with its number within the kind.
struct GalleryCard {
  /// The row kind, e.g. `feed_item`.
  var kind: String
  /// 1 for the kind's first card, 2 for the next, …
  var number: Int
  /// The row the card shows.
  var row: FeedRow
  /// The card's tree, not laid out.
  var tree: LayoutNode

  /// The picture's file name in a trait set's folder: `feed_item-1.svg`.
  var fileName: String { "\(kind)-\(number).svg" }

  /// What the picture shows, for its alt text: `feed_item 1: THE FUTURE IS FUNCTIONAL` (the row's first text).
  var summary: String {
    let text = row.texts.lazy.compactMap(\.value).first { !$0.isEmpty }
    return "\(kind) \(number)" + (text.map { ": " + $0 } ?? "")
  }
}
