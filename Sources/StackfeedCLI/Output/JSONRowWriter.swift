import FeedPlugins
import JSONCore

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
      bytes.append(literal: first ? #"{"rows": ["# : ",")
      bytes.append(literal: "\n  {")
      Self.appendFields(of: row, to: &bytes)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Appends the row's members without braces: `"kind": …, "id": …, "texts": {…}` and its lists (for documents
  /// that add members to a row, e.g. `stackfeed serve`'s `/v1/rows`).
  static func appendFields(of row: FeedRow, to bytes: inout ByteBuffer) {
    bytes.append(literal: "\"kind\": ")
    JSONWriter.string(row.kind, to: &bytes)
    bytes.append(literal: #", "id": "#)
    JSONWriter.string(row.id, to: &bytes)
    bytes.append(literal: #", "texts": "#)
    Self.object(row.texts, to: &bytes)
    for list in row.lists {
      bytes.append(literal: ", ")
      JSONWriter.string(list.name, to: &bytes)
      bytes.append(literal: ": [")
      for (index, item) in list.items.enumerated() {
        if index > 0 { bytes.append(literal: ", ") }
        Self.object(item, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// `{"name": value, …}` in the texts' order; absent values are `null`.
  private static func object(_ texts: [RowText], to bytes: inout ByteBuffer) {
    bytes.append(UInt8(ascii: "{"))
    // By index, fields read in place: `enumerated()` copied each text (a retain and a release per string).
    for index in texts.indices {
      if index > 0 { bytes.append(literal: ", ") }
      JSONWriter.string(texts[index].name, to: &bytes)
      bytes.append(literal: ": ")
      JSONWriter.string(texts[index].value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Closes the array and writes the `next` cursor (`null` when the feed was not cut).
  func finish(next: FeedCursor?) throws {
    try output.append { bytes in
      bytes.append(literal: count == 0 ? #"{"rows": [], "next": "# : "\n], \"next\": ")
      JSONWriter.string(next?.description, to: &bytes)
      bytes.append(literal: "}\n")
    }
  }
}
