/// A position in the composed feed, just after one row: what `list --after` takes and `next` gives.
///
/// The feed item list is paged by its indexed `position` (never OFFSET); header and order rows are placed
/// around it by rule, so the cursor records, for the last row printed, its kind and its key within that kind,
/// how many stream (feed item) rows came up to it, and the key of the last stream row:
///
///     header:0:0:-          after the header, before any feed item
///     feed_item:1:1:1       after the feed item at position 1 (one item so far)
///     order:0:1:1           after the order row that follows that item
///     feed_item:734:700:734 after the 700th item, which sits at position 734
///
/// Text form: `KIND:KEY:COUNT:STREAMKEY`, `-` when no stream row came yet. Treat it as opaque.
public struct FeedCursor: Sendable, Hashable, LosslessStringConvertible {
  /// The kind of the last row printed.
  public var kind: String
  /// That row's key within its kind (a feed item's position; 0 for single-row kinds).
  public var key: Int64
  /// How many stream rows were printed up to and including that row.
  public var streamCount: Int
  /// The key of the last stream row printed, `nil` when none was.
  public var streamKey: Int64?

  /// Creates a cursor.
  public init(kind: String, key: Int64, streamCount: Int, streamKey: Int64?) {
    self.kind = kind
    self.key = key
    self.streamCount = streamCount
    self.streamKey = streamKey
  }

  /// Parses the text form; `nil` when it is not one.
  public init?(_ description: String) {
    let parts = description.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 4, !parts[0].isEmpty, parts[0].allSatisfy(Self.isKindCharacter),
      let key = Int64(parts[1]), let count = Int(parts[2]), count >= 0
    else { return nil }
    let streamKey = Int64(parts[3])
    guard streamKey != nil || parts[3] == "-" else { return nil }
    self.init(kind: String(parts[0]), key: key, streamCount: count, streamKey: streamKey)
  }

  /// `KIND:KEY:COUNT:STREAMKEY`.
  public var description: String {
    "\(kind):\(key):\(streamCount):\(streamKey.map { String($0) } ?? "-")"
  }

  /// A character a row kind may have: an ASCII letter or digit, `_` or `-` (never the cursor's `:`).
  static func isKindCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
  }
}
