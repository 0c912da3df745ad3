import FeedPlugins
import StackLayout
import StackRender

/// How one reader's changes are drawn (docs/HTTP.md, "Live changes"): as `/v1/me/render` draws that reader's
/// rows — at a width, in a format, laid out for traits — for its viewer, with dates in its zone. Readers asking
/// the same get the same bytes for a change of everyone's: a server composes such a change once per distinct
/// rendering among them.
struct ChangeRendering: Sendable {
  /// The width the rows are laid out at.
  var width: Double
  /// The format of each row: `json` (the row object of a render/1 document) or `svg` and `html` (the document of
  /// the one row, as a JSON string).
  var format: RenderFormat
  /// The layout engine, for the request's traits.
  var engine: LayoutEngine
  /// The viewer the rows are loaded for and the zone their dates are shown in.
  var context: RowContext
}
