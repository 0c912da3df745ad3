import StackLayout

/// One row of a rendered document: what kind of row it is, its id, and its laid-out tree.
///
/// Renderers know nothing about feeds; the caller names rows (e.g. kind `feed_item`, id the
/// record's id) and lays each one out at the document width:
///
/// ```swift
/// let layout = LayoutEngine(measurer: StandardTextMeasurer()).layout(card, width: 390)
/// let row = RenderRow(kind: "feed_item", id: "1", layout: layout)
/// ```
public struct RenderRow: Sendable {
  /// The row kind, e.g. `header`.
  public var kind: String
  /// The row's id, unique within the document.
  public var id: String
  /// The row's card, laid out at the document width.
  public var layout: LayoutResult

  /// Creates a row.
  public init(kind: String, id: String, layout: LayoutResult) {
    self.kind = kind
    self.id = id
    self.layout = layout
  }

  /// The row's height: its laid-out root's height, in points.
  public var height: Double { layout.size.height }
}
