import JSONCore

/// Writes rows as `list --format json` prints them and `GET /v1/feed` answers: `{"rows": [` then one row per
/// line, then `], "next": …}`, into a byte buffer the caller owns (and may write out between rows, to stream).
/// Keys keep a stable order (`kind`, `id`, `texts`, then the row's lists such as an order's `gallery`); absent
/// values are `null`. The writer knows no row kind: it prints what the plugin put in the row. In
/// ``JSONCore/JSONStyle/compact`` style it writes the same document without whitespace, as the HTTP API sends it.
///
///     var writer = JSONRowWriter()
///     var bytes = ByteBuffer(capacity: 4096)
///     let next = try composer.compose(after: nil, limit: 20) { row in writer.write(row, to: &bytes) }
///     writer.finish(next: next, to: &bytes)
public struct JSONRowWriter {
  private var count = 0
  /// Indented (`list`, `pretty=1`) or compact (the API's default).
  private let style: JSONStyle

  /// A writer that has written no row yet, writing in `style`.
  public init(style: JSONStyle = .indented) {
    self.style = style
  }

  /// Appends one row (after the document's opening, for the first).
  public mutating func write(_ row: FeedRow, to bytes: inout ByteBuffer) {
    let first = count == 0
    count += 1
    bytes.append(literal: first ? #"{"rows": ["# : ",", style: style)
    bytes.append(literal: "\n  {", style: style)
    Self.appendFields(of: row, style: style, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends the row's members without braces: `"kind": …, "id": …, "texts": {…}` and its lists (for documents
  /// that add members to a row, e.g. `stackfeed serve`'s `/v1/rows`), in `style`.
  public static func appendFields(of row: FeedRow, style: JSONStyle = .indented, to bytes: inout ByteBuffer) {
    bytes.append(literal: "\"kind\": ", style: style)
    JSONWriter.string(row.kind, to: &bytes)
    bytes.append(literal: #", "id": "#, style: style)
    JSONWriter.string(row.id, to: &bytes)
    bytes.append(literal: #", "texts": "#, style: style)
    Self.object(row.texts, style: style, to: &bytes)
    for list in row.lists {
      bytes.append(literal: ", ", style: style)
      JSONWriter.string(list.name, to: &bytes)
      bytes.append(literal: ": [", style: style)
      for (index, item) in list.items.enumerated() {
        if index > 0 { bytes.append(literal: ", ", style: style) }
        Self.object(item, style: style, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// `{"name": value, …}` in the texts' order; absent values are `null`.
  static func object(_ texts: [RowText], style: JSONStyle, to bytes: inout ByteBuffer) {
    bytes.append(UInt8(ascii: "{"))
    // By index, fields read in place: `enumerated()` copied each text (a retain and a release per string).
    for index in texts.indices {
      if index > 0 { bytes.append(literal: ", ", style: style) }
      JSONWriter.string(texts[index].name, to: &bytes)
      bytes.append(literal: ": ", style: style)
      JSONWriter.string(texts[index].value, to: &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends the end of the document: closes the array and writes the `next` cursor (`null` when the feed was
  /// not cut).
  public func finish(next: FeedCursor?, to bytes: inout ByteBuffer) {
    bytes.append(literal: count == 0 ? #"{"rows": [], "next": "# : "\n], \"next\": ", style: style)
    JSONWriter.string(next?.description, to: &bytes)
    bytes.append(literal: "}\n", style: style)
  }
}
