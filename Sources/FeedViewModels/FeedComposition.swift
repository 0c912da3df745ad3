import FeedModels

/// The feed's composition rule, as a pure function over rows of any type.
///
/// Rows are the header first, then the feed items in order, with the most recent order inserted at index 1
/// of the feed items (index 0 when there are none). No profile gives no header; no order gives no order row.
///
///     FeedComposition.rows(header: "H", items: ["a", "b"], order: "O")  // ["H", "a", "O", "b"]
public enum FeedComposition {
  /// Index, among the feed items, where the order row goes.
  public static let orderIndex = 1

  /// The composed rows as an array.
  public static func rows<Row>(header: Row?, items: some Sequence<Row>, order: Row?) -> [Row] {
    var rows: [Row] = []
    compose(header: header, items: items, order: order) { rows.append($0) }
    return rows
  }

  /// Streams the composed rows to `emit` without collecting the items: suitable for a million items.
  public static func compose<Row, Failure: Error>(
    header: Row?, items: some Sequence<Row>, order: Row?, emit: (Row) throws(Failure) -> Void
  ) throws(Failure) {
    if let header { try emit(header) }
    var pending = order
    var seen = 0
    for item in items {
      if seen == orderIndex, let row = pending {
        try emit(row)
        pending = nil
      }
      try emit(item)
      seen += 1
    }
    if let row = pending { try emit(row) }
  }

  /// The row at `index`, or `nil` outside the range (never a crash).
  public static func row<Row>(at index: Int, in rows: [Row]) -> Row? {
    rows.indices.contains(index) ? rows[index] : nil
  }
}
