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

  /// Parses the text form; `nil` when it is not one. Read as UTF-8 bytes (every valid cursor is ASCII): split
  /// by `Character`, with a Unicode property lookup per letter, it cost 21,700 instructions of a new
  /// `/v1/feed` page's 535,000 (docs/BENCHMARKS.md).
  public init?(_ description: String) {
    let parts = description.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard parts.count == 4, !parts[0].isEmpty, parts[0].allSatisfy(Self.isKindByte),
      let key = Self.integer(parts[1]), let count = Self.integer(parts[2]).flatMap(Int.init(exactly:)), count >= 0
    else { return nil }
    let streamKey = Self.integer(parts[3])
    guard streamKey != nil || parts[3].elementsEqual("-".utf8) else { return nil }
    self.init(kind: String(Substring(parts[0])), key: key, streamCount: count, streamKey: streamKey)
  }

  /// A decimal integer as `Int64.init(_:)` reads one (an optional sign, then digits, no overflow); `nil`
  /// otherwise.
  private static func integer(_ text: Substring.UTF8View) -> Int64? {
    Int64(Substring(text))
  }

  /// `KIND:KEY:COUNT:STREAMKEY`.
  public var description: String {
    "\(kind):\(key):\(streamCount):\(streamKey.map { String($0) } ?? "-")"
  }

  /// A byte a row kind may have: an ASCII letter or digit, `_` or `-` (never the cursor's `:`).
  static func isKindByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
