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

/// A named list of a row, each item a few named texts: e.g. an order's `gallery` of
/// `{image, overlay}` items. `list` prints it after the texts, without knowing what it means.
public struct RowList: Sendable, Hashable {
  /// The list's name (a JSON key of the row, next to `texts`).
  public var name: String
  /// The items, in order; each is its texts in the order they are printed.
  public var items: [[RowText]]

  /// Creates a named list.
  public init(_ name: String, _ items: [[RowText]]) {
    self.name = name
    self.items = items
  }
}

/// One row of the composed feed, as `list` prints it: kind, id, texts in a stable order, then any lists; plus
/// the plugin's view model for the plugin's own card.
///
///     FeedRow(kind: "banner", id: "b1", texts: [RowText("title", "SALE")], viewModel: banner)
public struct FeedRow: Sendable {
  /// The row kind, e.g. `feed_item`.
  public var kind: String
  /// The row's id (`profile` for the header).
  public var id: String
  /// The texts, in the order they are printed.
  public var texts: [RowText]
  /// The lists, in the order they are printed (most kinds have none).
  public var lists: [RowList]
  /// The plugin's view model, for the plugin's card (see `RowPlugin.card(for:)`).
  public var viewModel: any Sendable

  /// Creates a row.
  public init(kind: String, id: String, texts: [RowText], lists: [RowList] = [], viewModel: any Sendable) {
    self.kind = kind
    self.id = id
    self.texts = texts
    self.lists = lists
    self.viewModel = viewModel
  }
}
