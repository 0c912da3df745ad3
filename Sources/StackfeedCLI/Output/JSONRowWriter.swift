import FeedPlugins

/// Streams `list --format json`: `{"rows": [` then one row per line as it comes, then `], "next": …}`.
/// Keys keep a stable order (`kind`, `id`, `texts`, then the row's lists such as an order's `gallery`); absent
/// values are `null`. The writer knows no row kind: it prints what the plugin put in the row.
struct JSONRowWriter {
  let output: Output
  private var count = 0

  init(output: Output) {
    self.output = output
  }

  /// Writes one row.
  mutating func write(_ row: FeedRow) throws {
    let first = count == 0
    count += 1
    try output.append { bytes in
      JSONText.raw(first ? #"{"rows": ["# : ",", to: &bytes)
      JSONText.raw("\n  {", to: &bytes)
      Self.appendFields(of: row, to: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends the row's members without braces: `"kind": …, "id": …, "texts": {…}` and its lists (for documents
  /// that add members to a row, e.g. `stackfeed serve`'s `/v1/rows`).
  static func appendFields(of row: FeedRow, to bytes: inout ByteBuffer) {
    JSONText.raw("\"kind\": ", to: &bytes)
    JSONText.append(row.kind, to: &bytes)
    JSONText.raw(#", "id": "#, to: &bytes)
    JSONText.append(row.id, to: &bytes)
    JSONText.raw(#", "texts": "#, to: &bytes)
    Self.object(row.texts, to: &bytes)
    for list in row.lists {
      JSONText.raw(", ", to: &bytes)
      JSONText.append(list.name, to: &bytes)
      JSONText.raw(": [", to: &bytes)
      for (index, item) in list.items.enumerated() {
        if index > 0 { JSONText.raw(", ", to: &bytes) }
        Self.object(item, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// `{"name": value, …}` in the texts' order; absent values are `null`.
  private static func object(_ texts: [RowText], to bytes: inout ByteBuffer) {
    bytes.append(UInt8(ascii: "{"))
    for (index, text) in texts.enumerated() {
      if index > 0 { JSONText.raw(", ", to: &bytes) }
      JSONText.append(text.name, to: &bytes)
      JSONText.raw(": ", to: &bytes)
      JSONText.append(text.value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Closes the array and writes the `next` cursor (`null` when the feed was not cut).
  func finish(next: FeedCursor?) throws {
    try output.append { bytes in
      JSONText.raw(count == 0 ? #"{"rows": [], "next": "# : "\n], \"next\": ", to: &bytes)
      JSONText.append(next?.description, to: &bytes)
      JSONText.raw("}\n", to: &bytes)
    }
  }
}
