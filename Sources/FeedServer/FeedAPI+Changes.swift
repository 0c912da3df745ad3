import FeedOptions
import FeedPlugins
import FeedStore
import HTTPServer
import JSONCore
import StackRender

extension FeedAPI {
  /// `limit` of `/v1/changes`: default and maximum changes per answer.
  static let changeLimits = (default: 100, maximum: 1000)

  /// `GET /v1/changes?since=V&limit=N&width=W&format=F&time_zone=ZONE&content_size=C&direction=D&scheme=S` (and
  /// `/v1/me/changes`, for the caller's user): the changes after the version `since` that `viewer`'s feed may
  /// show, in version order, each with its row as `/v1/me/render` draws it for these parameters,
  /// `{"changes": [CHANGE, …], "next": "V"}` written in `form`; 410 when the log no longer holds the changes after
  /// `since`.
  func changes(_ query: inout Query, _ snapshot: FeedSnapshot, viewer: String, form: JSONForm) throws -> HTTPResponse {
    let text = try query.value(of: "since")
    let limit = try query.pageLimit(maximum: Self.changeLimits.maximum) ?? Self.changeLimits.default
    let rendering = try changeRendering(&query, viewer: viewer)
    guard let text else {
      throw Problem.badParameter("since", "since is needed: 0, or the next of the previous answer")
    }
    guard let since = UInt64(text), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw Problem.badParameter("since", "since takes a version this API gave (digits), not \"\(text)\"")
    }
    try query.finish()
    let page: ChangePage
    do {
      page = try ChangeLog.changes(after: since, visibleTo: viewer, limit: limit, in: snapshot.database)
    } catch let gone as ChangeLogGone {
      throw Problem(status: 410, detail: gone.description)
    }
    let style = form.style
    var bytes = ByteBuffer(capacity: 8192)
    bytes.append(literal: "{\"changes\": [", style: style)
    for (index, change) in page.changes.enumerated() {
      bytes.append(literal: index == 0 ? "\n  " : ",\n  ", style: style)
      try append(change, for: rendering, style: style, in: snapshot.database, to: &bytes)
    }
    bytes.append(literal: page.changes.isEmpty ? "], \"next\": " : "\n], \"next\": ", style: style)
    JSONWriter.string(String(page.next), to: &bytes)
    bytes.append(literal: "}\n", style: style)
    return .ok(bytes.bytes, type: MediaType.json)
  }

  /// The rendering a request's `width`, `format`, `time_zone` and trait parameters ask for (as `/v1/render`
  /// reads them), for `viewer`.
  func changeRendering(_ query: inout Query, viewer: String) throws(Problem) -> ChangeRendering {
    let width = try query.width() ?? LayoutWidth.standard
    let format = try query.renderFormat(among: Self.formats) ?? .json
    let context = try rowContext(&query, viewer: viewer)
    return ChangeRendering(width: width, format: format, engine: try Self.engine(&query), context: context)
  }

  /// One change as `rendering`'s reader gets it, compact on one line (what a server-sent event's `data:` holds):
  /// `{"version":"42","op":"update","kind":"order","id":"…","row":{…}}`. Read in `db`'s snapshot (the row as it
  /// is there).
  func changeJSON(_ change: LoggedChange, for rendering: ChangeRendering, in db: StoreConnection) throws -> [UInt8] {
    var bytes = ByteBuffer(capacity: 4096)
    try append(change, for: rendering, style: .compact, in: db, to: &bytes)
    return bytes.bytes
  }

  /// Appends `change` in `style` as `rendering`'s reader gets it: `{"version", "op", "kind", "id", "row"}`, the row as it
  /// is now in the reader's feed (its plugin's `loadRow` for the viewer) drawn as `/v1/render` draws it; a
  /// change whose row that feed no longer shows (deleted since, another order became the latest, a kind this
  /// server does not serve) is a `delete`, without `row`; a reload is `{"version", "op": "reload"}`.
  private func append(
    _ logged: LoggedChange, for rendering: ChangeRendering, style: JSONStyle, in db: StoreConnection,
    to out: inout ByteBuffer
  ) throws {
    out.append(literal: "{\"version\": ", style: style)
    JSONWriter.string(String(logged.version), to: &out)
    guard let kind = logged.change.kind, let id = logged.change.id else {
      out.append(literal: ", \"op\": \"reload\"}", style: style)
      return
    }
    let row = logged.change.op == .delete ? nil : try drawn(kind: kind, id: id, for: rendering, in: db)
    out.append(literal: ", \"op\": ", style: style)
    JSONWriter.string(row == nil ? FeedChange.Operation.delete.rawValue : logged.change.op.rawValue, to: &out)
    out.append(literal: ", \"kind\": ", style: style)
    JSONWriter.string(kind, to: &out)
    out.append(literal: ", \"id\": ", style: style)
    JSONWriter.string(id, to: &out)
    if let row {
      out.append(literal: ", \"row\": ", style: style)
      if rendering.format == .json {
        JSONRenderer.append(row, style: style, to: &out)
      } else {
        JSONWriter.string(try Self.renderer(rendering.format).render([row], width: rendering.width), to: &out)
      }
    }
    out.append(UInt8(ascii: "}"))
  }

  /// The row `kind`/`id` as the reader's feed shows it now, laid out; nil when that feed does not show it.
  private func drawn(kind: String, id: String, for rendering: ChangeRendering, in db: StoreConnection) throws
    -> RenderRow?
  {
    guard let plugin = registry.plugin(kind: kind),
      let row = try plugin.loadRow(id: id, from: db, context: rendering.context),
      let tree = try registry.card(for: row)
    else { return nil }
    return FeedCard(kind: row.kind, id: row.id, tree: tree).renderRow(width: rendering.width, engine: rendering.engine)
  }
}
