import FeedModels

/// The texts of a feed item's card.
///
///     let item = FeedItem(id: "1", title: "Press reset", subtitle: nil, tag: "new", image: "reset")
///     FeedItemViewModel(item: item).title  // "PRESS RESET"
///     FeedItemViewModel(item: item).tag    // "NEW"
///
/// Each text is made by one formatter (``title(_:to:)``, ``subtitle(_:to:)``, ``tag(_:to:)``, ``image(_:to:)``),
/// generic over where
/// the stored text comes from and where the text goes: the properties here are their `String` form, and the
/// server writes a page's texts with the same formatters from the database's bytes straight into the page.
public struct FeedItemViewModel: Sendable, Hashable {
  /// The item's id.
  public let id: String
  /// The title, upper-cased (locale-independent, see ``HeaderViewModel``).
  public let title: String
  /// The subtitle as stored; `nil` when absent or empty.
  public let subtitle: String?
  /// The tag, upper-cased; `nil` (absent or empty) hides the tag chip.
  public let tag: String?
  /// The image asset name; `nil` when the item has none (absent or empty, the original app's `""` sentinel).
  public let image: String?

  /// Derives the card texts from a feed item. An empty subtitle, tag or image counts as absent: the texts
  /// say `nil`, never `""`.
  public init(item: borrowing FeedItem) {
    let (stored, storedSubtitle, storedTag, storedImage) = (item.title, item.subtitle, item.tag, item.image)
    id = item.id
    title = String { Self.title(stored, to: &$0) }
    subtitle = String { Self.subtitle(storedSubtitle, to: &$0) }
    tag = String { Self.tag(storedTag, to: &$0) }
    image = String { Self.image(storedImage, to: &$0) }
  }

  /// Writes the title of a stored `title` to `out`: upper-cased.
  @inlinable public static func title(_ title: some StoredText, to out: inout some TextOutput & ~Copyable) {
    title.writeUppercased(to: &out)
  }

  /// Writes the subtitle of a stored `subtitle` to `out`, as stored, and returns true; false (nothing written) when it
  /// is absent or empty.
  @inlinable public static func subtitle(
    _ subtitle: (some StoredText)?, to out: inout some TextOutput & ~Copyable
  ) -> Bool {
    guard let subtitle, !subtitle.isEmpty else { return false }
    subtitle.write(to: &out)
    return true
  }

  /// Writes the tag of a stored `tag` to `out`, upper-cased, and returns true; false (nothing written, no tag chip)
  /// when it is absent or empty.
  @inlinable public static func tag(_ tag: (some StoredText)?, to out: inout some TextOutput & ~Copyable) -> Bool {
    guard let tag, !tag.isEmpty else { return false }
    tag.writeUppercased(to: &out)
    return true
  }

  /// Writes the image asset name of a stored `image` to `out`, as stored, and returns true; false (nothing written)
  /// when it is absent or empty.
  @inlinable public static func image(_ image: (some StoredText)?, to out: inout some TextOutput & ~Copyable) -> Bool {
    guard let image, !image.isEmpty else { return false }
    image.write(to: &out)
    return true
  }
}
