import SQLCore

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

  /// Parses the text form; `nil` when it is not one. Read as UTF-8 bytes in one pass (every valid cursor is
  /// ASCII): split by `Character`, with a Unicode property lookup per letter, it cost 21,700 instructions of a new
  /// `/v1/feed` page's 535,000, and split into an array of slices, each number read through a `Substring`, 5,200
  /// (docs/BENCHMARKS.md).
  public init?(_ description: String) {
    let bytes = description.utf8.span
    // The three colons, found in one pass; a fourth makes it no cursor.
    var colons = (0, 0, 0)
    var found = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: ":") {
      switch found {
      case 0: colons.0 = index
      case 1: colons.1 = index
      case 2: colons.2 = index
      default: return nil
      }
      found += 1
    }
    guard found == 3, colons.0 > 0 else { return nil }
    for index in 0..<colons.0 where !Self.isKindByte(bytes[index]) { return nil }
    guard let key = Self.integer(bytes, colons.0 + 1..<colons.1),
      let count = Self.integer(bytes, colons.1 + 1..<colons.2).flatMap(Int.init(exactly:)), count >= 0
    else { return nil }
    let last = colons.2 + 1..<bytes.count
    let streamKey = Self.integer(bytes, last)
    guard streamKey != nil || last.count == 1 && bytes[last.lowerBound] == UInt8(ascii: "-") else { return nil }
    self.init(
      kind: String(Substring(description.utf8.prefix(colons.0))), key: key, streamCount: count, streamKey: streamKey)
  }

  /// The decimal integer `bytes[range]` (SQLCore's one reader, ``Swift/Int64/init(decimalText:)``).
  private static func integer(_ bytes: Span<UInt8>, _ range: Range<Int>) -> Int64? {
    Int64(decimalText: bytes.extracting(range))
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
