import FeedViewModels
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
  @usableFromInline var count = 0
  /// Indented (`list`, `pretty=1`) or compact (the API's default).
  @usableFromInline let style: JSONStyle

  /// A writer that has written no row yet, writing in `style`.
  public init(style: JSONStyle = .indented) {
    self.style = style
  }

  /// Appends one row (after the document's opening, for the first).
  public mutating func write(_ row: FeedRow, to bytes: inout ByteBuffer) {
    openRow(to: &bytes)
    Self.appendFields(of: row, style: style, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  /// Appends one row of `kind` without lists, its id and texts written where they are stored (a plugin's columns,
  /// read in place by its view model's formatters): the same bytes as ``write(_:to:)`` of the ``FeedRow`` with
  /// that id and those texts.
  @inlinable @inline(__always) public mutating func write(
    kind: String, id: some StoredText, texts: some RowTexts, to bytes: inout ByteBuffer
  ) {
    openRow(to: &bytes)
    Self.appendFields(kind: kind, id: id, texts: texts, style: style, to: &bytes)
    bytes.append(UInt8(ascii: "}"))
  }

  /// The document's opening or the comma after the previous row, then the new row's brace.
  @usableFromInline mutating func openRow(to bytes: inout ByteBuffer) {
    let first = count == 0
    count += 1
    bytes.append(literal: first ? #"{"rows": ["# : ",", style: style)
    bytes.append(literal: "\n  {", style: style)
  }

  /// Appends the row's members without braces: `"kind": …, "id": …, "texts": {…}` and its lists (for documents
  /// that add members to a row, e.g. `stackfeed serve`'s `/v1/rows`), in `style`.
  public static func appendFields(of row: FeedRow, style: JSONStyle = .indented, to bytes: inout ByteBuffer) {
    appendFields(kind: row.kind, id: row.id, texts: row.texts, style: style, to: &bytes)
    for list in row.lists {
      bytes.append(literal: ", ", style: style)
      JSONWriter.string(list.name, to: &bytes)
      bytes.append(literal: ": [", style: style)
      for (index, item) in list.items.enumerated() {
        if index > 0 { bytes.append(literal: ", ", style: style) }
        object(item, style: style, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }
  }

  /// `"kind": …, "id": …, "texts": {…}`.
  @inlinable @inline(__always) static func appendFields(
    kind: String, id: some StoredText, texts: some RowTexts, style: JSONStyle, to bytes: inout ByteBuffer
  ) {
    bytes.append(literal: "\"kind\": ", style: style)
    JSONWriter.string(kind, to: &bytes)
    bytes.append(literal: #", "id": "#, style: style)
    bytes.append(UInt8(ascii: "\""))
    let start = bytes.count
    id.write(to: &bytes)
    JSONWriter.escape(writtenFrom: start, in: &bytes)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(literal: #", "texts": "#, style: style)
    object(texts, style: style, to: &bytes)
  }

  /// `{"name": value, …}` in the texts' order, each text written where it goes and escaped there; absent values
  /// are `null`.
  @inlinable static func object(_ texts: some RowTexts, style: JSONStyle, to bytes: inout ByteBuffer) {
    bytes.append(UInt8(ascii: "{"))
    for index in 0..<texts.count {
      if index > 0 { bytes.append(literal: ", ", style: style) }
      texts.writeName(at: index, to: &bytes)
      bytes.append(literal: ": ", style: style)
      let quote = bytes.count
      bytes.append(UInt8(ascii: "\""))
      if texts.write(at: index, to: &bytes) {
        JSONWriter.escape(writtenFrom: quote + 1, in: &bytes)
        bytes.append(UInt8(ascii: "\""))
      } else {
        bytes.removeLast(to: quote)
        bytes.append(literal: "null")
      }
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
