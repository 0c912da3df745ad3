import StackLayout

/// Writes a document of laid-out rows in one format (JSON, SVG, HTML or terminal text).
///
/// `rows` is read once, in order. Pass a lazy sequence to lay out each row just before it is
/// written: the streaming renderers (JSON, HTML, text) then hold one row at a time.
///
/// ```swift
/// var output = ""
/// JSONRenderer().render(rows, width: 390, to: &output)
/// ```
public protocol RowRenderer: Sendable {
  /// What ``render(_:width:to:)`` throws: `Never` for the renderers that cannot fail (JSON, HTML, terminal
  /// text), ``RenderError`` for SVG (its temporary file can fail).
  associatedtype Failure: Error = Never

  /// Writes the document for `rows`, laid out at `width` points, to `output`; throws when the document cannot
  /// be made whole.
  func render(_ rows: some Sequence<RenderRow>, width: Double, to output: inout some TextOutputStream)
    throws(Failure)
}

extension RowRenderer {
  /// The document for `rows`, laid out at `width` points, as a string.
  public func render(_ rows: some Sequence<RenderRow>, width: Double) throws(Failure) -> String {
    var output = ""
    try render(rows, width: width, to: &output)
    return output
  }
}
