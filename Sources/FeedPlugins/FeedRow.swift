import FeedViewModels

/// One named text of a row, e.g. `title` → `THE FUTURE IS FUNCTIONAL`; `nil` when absent.
public struct RowText: Sendable, Hashable {
  /// The text's name (a JSON key of `texts`).
  public var name: String
  /// The text, or `nil` when absent (JSON `null`).
  public var value: String?

  /// Creates a named text.
  public init(_ name: String, _ value: String?) {
    self.name = name
    self.value = value
  }
}

/// One row of the composed feed, as `list` prints it: kind, id, texts in a stable order, and an optional
/// gallery; plus the plugin's view model for renderers.
public struct FeedRow: Sendable {
  /// The row kind, e.g. `feed_item`.
  public var kind: String
  /// The row's id (`profile` for the header).
  public var id: String
  /// The texts, in the order they are printed.
  public var texts: [RowText]
  /// The gallery images, for rows that have one (orders); `nil` otherwise.
  public var gallery: [GalleryImage]?
  /// The plugin's view model (e.g. an `OrderViewModel`), for renderers that need more than texts.
  public var viewModel: any Sendable

  /// Creates a row.
  public init(kind: String, id: String, texts: [RowText], gallery: [GalleryImage]? = nil, viewModel: any Sendable) {
    self.kind = kind
    self.id = id
    self.texts = texts
    self.gallery = gallery
    self.viewModel = viewModel
  }
}
