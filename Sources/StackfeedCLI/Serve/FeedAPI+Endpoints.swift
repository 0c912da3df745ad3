import FeedPlugins
import HTTPServer
import StackLayout
import StackRender

extension FeedAPI {
  /// `limit` of `/v1/feed`: default and maximum rows per page.
  static let feedLimits = (default: 20, maximum: 500)
  /// `limit` of `/v1/render` and `/v1/stack`: default and maximum cards per page.
  static let cardLimits = (default: 20, maximum: 100)

  /// `GET /healthz`: the database answers a one-row read.
  func health(_ snapshot: FeedSnapshot) throws -> HTTPResponse {
    try snapshot.composer(context: RowContext(timeZone: defaultZone)).compose(after: nil, limit: 1) { _ in }
    return .ok(Array("{\"status\": \"ok\"}\n".utf8), type: Self.json)
  }

  /// `GET /v1/feed?limit=N&after=CURSOR&time_zone=ZONE`: one page of rows, as `list --format json` prints it.
  func feed(_ query: inout Query, _ snapshot: FeedSnapshot) throws -> HTTPResponse {
    let limit = try query.integer("limit", in: 1...Self.feedLimits.maximum) ?? Self.feedLimits.default
    let cursor = try query.cursor("after")
    let context = try rowContext(&query)
    try query.finish()
    let output = Output.inMemory()
    var writer = JSONRowWriter(output: output)
    let next = try snapshot.composer(context: context).compose(after: cursor, limit: limit) { row in
      try writer.write(row)
    }
    try writer.finish(next: next)
    return .ok(output.takeBytes(), type: Self.json)
  }

  /// `GET /v1/render?width=W&limit=N&after=CURSOR&format=json|svg|html&time_zone=ZONE`: one page of laid-out
  /// cards, written by `render`'s renderers; the next page's cursor is in `Stackfeed-Next` (and JSON `next`).
  func render(_ query: inout Query, _ snapshot: FeedSnapshot) throws -> HTTPResponse {
    let width = try query.points("width", in: Arguments.widths) ?? 390
    let limit = try query.integer("limit", in: 1...Self.cardLimits.maximum) ?? Self.cardLimits.default
    let cursor = try query.cursor("after")
    let format = try Self.format(&query)
    let context = try rowContext(&query)
    try query.finish()
    let (cards, next) = try page(of: snapshot.composer(context: context), after: cursor, limit: limit)
    let engine = LayoutEngine()
    let rows = cards.map { $0.renderRow(width: width, engine: engine) }
    let renderer: any RowRenderer =
      format == .json ? JSONRenderer(paging: .page(next: next?.description)) : format.renderer(assets: nil)
    let body = try write { try renderer.render(rows, width: width, to: &$0) }
    let headers = next.map { [HTTPField("Stackfeed-Next", $0.description)] } ?? []
    return .ok(body, type: Self.mediaType(format), headers: headers)
  }

  /// `GET /v1/stack?width=W&limit=N&format=…&state=…&…`: the first `limit` cards as a card stack, as
  /// `render --mode stack` writes it; every stack flag of `render` is a parameter of the same name.
  func stack(_ query: inout Query, _ snapshot: FeedSnapshot) throws -> HTTPResponse {
    let width = try query.points("width", in: Arguments.widths) ?? 390
    let limit = try query.integer("limit", in: 1...Self.cardLimits.maximum) ?? Self.cardLimits.default
    let format = try Self.format(&query)
    let context = try rowContext(&query)
    let options = try StackOptions(query: query.takeRest())
    let (cards, _) = try page(of: snapshot.composer(context: context), after: nil, limit: limit)
    let document = try StackDocument(cards: cards, options: options, width: width)
    let body = try write { format.renderer(assets: nil).render(document, to: &$0) }
    return .ok(body, type: Self.mediaType(format))
  }

  /// `GET /v1/rows/{kind}/{id}?width=W&time_zone=ZONE`: one row's texts (as `list` prints them) with its card
  /// laid out at `width` (as `render` writes it): `{"kind", "id", "texts", "gallery"?, "width", "height", "card"}`.
  func row(kind: String, id: String, _ query: inout Query, _ snapshot: FeedSnapshot) throws -> HTTPResponse {
    let width = try query.points("width", in: Arguments.widths) ?? 390
    let context = try rowContext(&query)
    try query.finish()
    guard let plugin = registry.plugin(kind: kind) else {
      throw Problem(status: 404, detail: "there is no row kind \"\(kind)\"")
    }
    let composer = snapshot.composer(context: context)
    let found = try plugin.loadRow(id: id, from: composer.database, context: composer.context)
    guard let found, let tree = registry.card(for: found) else {
      throw Problem(status: 404, detail: "there is no \(kind) row with the id \"\(id)\"")
    }
    let layout = LayoutEngine().layout(tree, width: width)
    let output = Output.inMemory()
    try output.append { bytes in
      bytes.append("{")
      JSONRowWriter.appendFields(of: found, to: &bytes)
      bytes.append(", \"width\": \(LayoutJSON.number(width)), \"height\": \(LayoutJSON.number(layout.size.height))")
      bytes.append(", \"card\": " + LayoutJSON.encode(layout, indent: 0) + "}\n")
    }
    return .ok(output.takeBytes(), type: Self.json)
  }

  /// Up to `limit` cards after `cursor`, and the cursor of the next page.
  private func page(of composer: FeedComposer, after cursor: FeedCursor?, limit: Int) throws -> (
    [FeedCard], FeedCursor?
  ) {
    var cards: [FeedCard] = []
    let next = try composer.compose(after: cursor, limit: limit) { row in
      if let tree = registry.card(for: row) { cards.append(FeedCard(kind: row.kind, id: row.id, tree: tree)) }
    }
    return (cards, next)
  }

  /// What `draw` writes, as bytes.
  private func write(_ draw: (inout OutputTextStream) throws -> Void) throws -> [UInt8] {
    let output = Output.inMemory(capacity: 64 * 1024)
    var stream = OutputTextStream(output: output)
    try draw(&stream)
    try stream.finish()
    return output.takeBytes()
  }

  private static func format(_ query: inout Query) throws(Problem) -> RenderCommand.Format {
    let name = try query.choice("format", among: ["json", "svg", "html"])
    return name.flatMap(RenderCommand.Format.init(rawValue:)) ?? .json
  }

  private static func mediaType(_ format: RenderCommand.Format) -> String {
    switch format {
    case .json: json
    case .svg: "image/svg+xml; charset=utf-8"
    case .html: html
    case .text: "text/plain; charset=utf-8"
    }
  }
}

extension StackOptions {
  /// The stack options from query parameters named like `render`'s stack flags without the dashes
  /// (`state=transit&translation=130&card-offset=30`, `own-height` without a value); a wrong or unknown one is a
  /// 400 naming it.
  init(query: [HTTPField]) throws(Problem) {
    var words: [String] = []
    for field in query {
      words.append("--" + field.name)
      if let value = field.value { words.append(value) }
    }
    var arguments = Arguments(words)
    do {
      self = try StackOptions(parsing: &arguments)
      try arguments.finish()
    } catch {
      // The usage message names the flag (`--translation takes …`, `unknown option --foo`): name the parameter.
      let detail = error.description.replacing("unknown option --", with: "unknown parameter ")
        .replacing("--", with: "")
      let flag = error.description.split(separator: " ").first { $0.hasPrefix("--") }
      throw .badParameter(flag.map { String($0.dropFirst(2)) } ?? "state", detail)
    }
  }
}
