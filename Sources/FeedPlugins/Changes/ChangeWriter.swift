import FeedStore
import JSONCore
import StackLayout
import StackRender

/// Writes the change log's changes as one reader gets them (docs/HTTP.md, "Live changes"):
/// `{"version", "op", "kind", "id", "row"}`, the row as it is now in the reader's feed — its plugin's `loadRow`
/// with the reader as the viewer — drawn as `/v1/render` and `render` draw it: at ``width``, in ``format``, laid
/// out for the ``engine``'s traits. A change whose row that feed no longer shows (deleted since, another order
/// became the user's latest, a kind not registered here) is written as a `delete`, without `row`; a reload is
/// `{"version", "op": "reload"}`. What `GET /v1/changes`, the server's event streams and `stackfeed watch` write.
/// Readers with the same rendering get the same bytes for a change of everyone's: a server writes such a change
/// once per distinct rendering among them.
///
///     let writer = ChangeWriter(registry: registry, context: RowContext(timeZone: zone, viewer: "u42"), width: 390)
///     let line = try writer.json(change, in: db)   // {"version":"42","op":"update",…} on one line
public struct ChangeWriter: Sendable {
  /// The row plugins that load and draw the rows.
  public var registry: PluginRegistry
  /// The viewer the rows are loaded for, and the zone their dates are shown in.
  public var context: RowContext
  /// The width the rows are laid out at.
  public var width: Double
  /// `json` (the row object of a render/1 document) or another format (the document of the one row, as a JSON
  /// string).
  public var format: RenderFormat
  /// The layout engine, for the traits.
  public var engine: LayoutEngine
  /// The screen scale the image nodes' `url`s are for (``StoredImageLinks``).
  public var scale: Int

  /// A writer drawing rows for `context`'s viewer at `width` in `format` with `engine`, image URLs at `scale`.
  public init(
    registry: PluginRegistry, context: RowContext, width: Double, format: RenderFormat = .json,
    engine: LayoutEngine = LayoutEngine(), scale: Int = ImageVariant.defaultScale
  ) {
    self.registry = registry
    self.context = context
    self.width = width
    self.format = format
    self.engine = engine
    self.scale = scale
  }

  /// One change compact on one line (what a server-sent event's `data:` holds, and a line of `watch --format
  /// json`), read in `db`'s snapshot.
  public func json(_ change: LoggedChange, in db: StoreConnection) throws -> [UInt8] {
    var bytes = ByteBuffer(capacity: 4096)
    try append(change, style: .compact, in: db, to: &bytes)
    return bytes.bytes
  }

  /// Appends `logged` in `style` to `out`, its row read in `db`'s snapshot.
  public func append(_ logged: LoggedChange, style: JSONStyle, in db: StoreConnection, to out: inout ByteBuffer)
    throws
  {
    out.append(literal: "{\"version\": ", style: style)
    JSONWriter.string(String(logged.version), to: &out)
    guard let kind = logged.change.kind, let id = logged.change.id else {
      out.append(literal: ", \"op\": \"reload\"}", style: style)
      return
    }
    let drawn = logged.change.op == .delete ? nil : try drawn(kind: kind, id: id, in: db)
    out.append(literal: ", \"op\": ", style: style)
    JSONWriter.string(drawn == nil ? FeedChange.Operation.delete.rawValue : logged.change.op.rawValue, to: &out)
    out.append(literal: ", \"kind\": ", style: style)
    JSONWriter.string(kind, to: &out)
    out.append(literal: ", \"id\": ", style: style)
    JSONWriter.string(id, to: &out)
    if let (row, images) = drawn {
      out.append(literal: ", \"row\": ", style: style)
      if format == .json {
        JSONRenderer.append(row, style: style, images: images, to: &out)
      } else {
        let renderer = format.renderer(
          assets: nil, background: FeedScreen.background, followsSystemScheme: false, images: images)
        JSONWriter.string(try renderer.render([row], width: width), to: &out)
      }
    }
    out.append(UInt8(ascii: "}"))
  }

  /// The operation as the reader gets `logged`: a change whose row the reader's feed no longer shows is a
  /// `delete` (what ``append(_:style:in:to:)`` writes, for a reader that wants no row, e.g. `watch`'s text).
  public func operation(of logged: LoggedChange, in db: StoreConnection) throws -> FeedChange.Operation {
    guard let kind = logged.change.kind, let id = logged.change.id, logged.change.op != .delete else {
      return logged.change.op
    }
    return try shown(kind: kind, id: id, in: db) == nil ? .delete : logged.change.op
  }

  /// The row `kind`/`id` as the reader's feed shows it now, laid out, with the links of its image nodes to the
  /// stored images (as `/v1/render` links them); nil when that feed does not show it.
  private func drawn(kind: String, id: String, in db: StoreConnection) throws -> (RenderRow, StoredImageLinks)? {
    guard let row = try shown(kind: kind, id: id, in: db), let tree = try registry.card(for: row) else { return nil }
    let images = try StoredImageLinks(namedIn: [tree], from: db, scale: scale)
    return (FeedCard(kind: row.kind, id: row.id, tree: tree).renderRow(width: width, engine: engine), images)
  }

  /// The row `kind`/`id` as the reader's feed shows it now; nil when that feed does not show it.
  private func shown(kind: String, id: String, in db: StoreConnection) throws -> FeedRow? {
    try registry.plugin(kind: kind)?.loadRow(id: id, from: db, context: context)
  }
}
