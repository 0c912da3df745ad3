import JSONCore
import StackLayout

/// Writes rows as `stackfeed.render/1` JSON (contract.md), the wire format for client renderers.
///
/// Each row is `{"kind", "id", "height", "card"}`, `card` being the row's layout tree as
/// StackLayout's encoder writes it (`LayoutJSON.encode`): every node with its properties in a
/// fixed key order and a parent-relative `frame`, numbers with at most 3 decimals, and each image node
/// that ``images`` links with where its picture is. Rows are written as they arrive, one per line group:
///
/// ```json
/// {"schema": "stackfeed.render/1", "width": 390, "rows": [
///   {"kind": "header", "id": "profile", "height": 56, "card": {
///     "type": "hstack",
///     …
///   }}
/// ]}
/// ```
public struct JSONRenderer: RowRenderer {
  /// The schema name written first in every document.
  public static let schema = "stackfeed.render/1"

  /// Whether the document is the whole feed or one page of it.
  public enum Paging: Sendable, Hashable {
    /// The whole feed: no `"next"` key.
    case whole
    /// One page: `"next"` follows `rows`, the cursor of the following page or `null` on the last one.
    case page(next: String?)
  }

  /// Whole feed (the default) or one page.
  public var paging: Paging
  /// Indented as above (the default: the CLI's), or compact (the HTTP API's): the same document without
  /// whitespace, written as such rather than compacted afterwards.
  public var style: JSONStyle
  /// The pictures of the image nodes: each linked node gets `url`, `srcset`, `aspect` and `placeholder`
  /// (``ImageLink``); nil writes the trees alone.
  public var images: (any ImageLinking)?

  /// Creates a JSON renderer.
  public init(paging: Paging = .whole, style: JSONStyle = .indented, images: (any ImageLinking)? = nil) {
    self.paging = paging
    self.style = style
    self.images = images
  }

  /// Writes the document for `rows` laid out at `width` points, each row handed to `output` as soon as it is
  /// written (a reader sees it before the next row is laid out).
  public func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream) {
    var piece = ByteBuffer(capacity: 1 << 14)
    render(rows, width: width, to: &piece) { piece in
      output.write(piece.text)
      piece.removeAll()
    }
    output.write(piece.text)
  }

  /// Appends the document for `rows` laid out at `width` points to `out`, straight from each laid-out tree to
  /// the bytes (`LayoutJSON.encode(_:indent:style:to:)`); `afterEachRow` is called with `out` after each row is
  /// written (it may take the bytes out), never after the document's last bytes.
  public func render(
    _ rows: some Sequence<RenderRow>, width: Double, to out: inout ByteBuffer,
    afterEachRow: (inout ByteBuffer) -> Void = { _ in }
  ) {
    out.append(literal: "{\"schema\": ", style: style)
    JSONWriter.string(Self.schema, to: &out)
    out.append(literal: ", \"width\": ", style: style)
    LayoutJSON.append(number: width, to: &out)
    out.append(literal: ", \"rows\": [", style: style)
    var first = true
    for row in rows {
      out.append(literal: first ? "\n  " : ",\n  ", style: style)
      first = false
      Self.append(row, style: style, images: images, to: &out)
      afterEachRow(&out)
    }
    out.append(literal: first ? "]" : "\n]", style: style)
    if case .page(let next) = paging {
      out.append(literal: ", \"next\": ", style: style)
      JSONWriter.string(next, to: &out)
    }
    out.append(literal: "}\n", style: style)
  }

  /// Appends one row of the document in `style`, `{"kind", "id", "height", "card"}`, its card indented as in the
  /// document: what a document's `rows` hold, also for a row sent on its own (a change of the feed, docs/HTTP.md);
  /// its image nodes linked by `images`.
  public static func append(
    _ row: RenderRow, style: JSONStyle = .indented, images: (any ImageLinking)? = nil, to out: inout ByteBuffer
  ) {
    out.append(literal: "{\"kind\": ", style: style)
    JSONWriter.string(row.kind, to: &out)
    out.append(literal: ", \"id\": ", style: style)
    JSONWriter.string(row.id, to: &out)
    out.append(literal: ", \"height\": ", style: style)
    LayoutJSON.append(number: row.height, to: &out)
    out.append(literal: ", \"card\": ", style: style)
    LayoutJSON.encode(row.layout, indent: 2, style: style, images: images, to: &out)
    out.append(UInt8(ascii: "}"))
  }
}
