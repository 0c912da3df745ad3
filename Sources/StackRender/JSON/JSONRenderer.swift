import StackLayout

/// Writes rows as `stackfeed.render/1` JSON (contract.md), the wire format for client renderers.
///
/// Each row is `{"kind", "id", "height", "card"}`, `card` being the row's layout tree as
/// StackLayout's encoder writes it (`LayoutJSON.encode`): every node with its properties in a
/// fixed key order and a parent-relative `frame`, numbers with at most 3 decimals. Rows are
/// written as they arrive, one per line group:
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

  /// Creates a JSON renderer.
  public init(paging: Paging = .whole) {
    self.paging = paging
  }

  /// Writes the document for `rows` laid out at `width` points.
  public func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream) {
    output.write(
      "{\"schema\": \(LayoutJSON.string(Self.schema)), \"width\": \(LayoutJSON.number(width)), \"rows\": [")
    var separator = "\n"
    for row in rows {
      output.write(separator)
      output.write(
        "  {\"kind\": \(LayoutJSON.string(row.kind)), \"id\": \(LayoutJSON.string(row.id)), "
          + "\"height\": \(LayoutJSON.number(row.height)), \"card\": ")
      output.write(LayoutJSON.encode(row.layout, indent: 2))
      output.write("}")
      separator = ",\n"
    }
    output.write(separator == "\n" ? "]" : "\n]")
    if case .page(let next) = paging {
      output.write(", \"next\": " + (next.map(LayoutJSON.string) ?? "null"))
    }
    output.write("}\n")
  }
}
