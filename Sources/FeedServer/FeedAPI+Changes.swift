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
  /// The version `text` names, given as the parameter or header `name` (`since`, `Last-Event-ID`): a 400 problem
  /// naming it for anything but digits.
  static func version(_ text: String, of name: String) throws(Problem) -> UInt64 {
    guard let version = UInt64(text), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw .badParameter(name, "\(name) takes a version this API gave (digits), not \"\(text)\"")
    }
    return version
  }

  func changes(_ query: inout Query, _ snapshot: FeedSnapshot, viewer: String, form: JSONForm) throws -> HTTPResponse {
    let text = try query.value(of: "since")
    let limit = try query.pageLimit(maximum: Self.changeLimits.maximum) ?? Self.changeLimits.default
    let writer = try changeWriter(&query, viewer: viewer)
    guard let text else {
      throw Problem.badParameter("since", "since is needed: 0, or the next of the previous answer")
    }
    let since = try Self.version(text, of: "since")
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
      try writer.append(change, style: style, in: snapshot.database, to: &bytes)
    }
    bytes.append(literal: page.changes.isEmpty ? "], \"next\": " : "\n], \"next\": ", style: style)
    JSONWriter.string(String(page.next), to: &bytes)
    bytes.append(literal: "}\n", style: style)
    return .ok(bytes.bytes, type: MediaType.json)
  }

  /// The writer of the changes a request's `width`, `format`, `time_zone`, trait and `scale` parameters ask for
  /// (read as `/v1/render` reads them), for `viewer`: what the event streams write too.
  func changeWriter(_ query: inout Query, viewer: String) throws(Problem) -> ChangeWriter {
    let width = try query.width() ?? LayoutWidth.standard
    let format = try query.renderFormat(among: Self.formats) ?? .json
    let context = try rowContext(&query, viewer: viewer)
    let engine = try Self.engine(&query)
    return ChangeWriter(
      registry: registry, context: context, width: width, format: format, engine: engine, scale: try Self.scale(&query))
  }
}
