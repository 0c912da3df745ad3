import FeedOptions
import FeedPlugins
import FeedStore
import HTTPServer
import JSONCore
import SQLCore
import StackLayout
import StackRender

extension FeedAPI {
  /// `limit` of `/v1/feed`: default and maximum rows per page.
  static let feedLimits = (default: 20, maximum: 500)
  /// `limit` of `/v1/render` and `/v1/stack`: default and maximum cards per page.
  static let cardLimits = (default: 20, maximum: 100)
  /// The `format`s the API writes.
  static let formats: [RenderFormat] = [.json, .svg, .html]

  /// `GET /healthz` (liveness): the process serves; it reads nothing.
  static let alive = HTTPResponse.ok(Array("{\"status\": \"ok\"}\n".utf8), type: MediaType.json)

  /// `GET /readyz` (readiness): the database answers a one-row read, else the read's 503 with `Retry-After`.
  /// Never remembered, never tagged: each probe reads.
  func ready(_ snapshot: FeedSnapshot) throws -> HTTPResponse {
    try snapshot.composer(context: RowContext(timeZone: defaultZone)).compose(after: nil, limit: 1) { _ in }
    var response = Self.alive
    response.headers.append(HTTPField("Cache-Control", "no-store"))
    return response
  }

  /// `GET /v1/feed?limit=N&after=CURSOR&time_zone=ZONE`: one page of rows, as `list --format json` prints it,
  /// composed for `viewer` (`/v1/me/feed`: the caller's user; else `default`), written in `form`. So are the
  /// next two.
  func feed(_ query: inout Query, _ snapshot: FeedSnapshot, viewer: String, form: JSONForm) throws -> HTTPResponse {
    let limit = try query.pageLimit(maximum: Self.feedLimits.maximum) ?? Self.feedLimits.default
    let cursor = try query.cursor()
    let context = try rowContext(&query, viewer: viewer)
    try query.finish()
    var bytes = ByteBuffer(capacity: 8192)
    var writer = JSONRowWriter(style: form.style)
    let next = try snapshot.composer(context: context).compose(
      after: cursor, limit: limit, writing: &writer, to: &bytes)
    writer.finish(next: next, to: &bytes)
    return .ok(bytes.bytes, type: MediaType.json, headers: [try snapshot.versionHeader()])
  }

  /// The statements a feed or render page (`limits`: its endpoint's `limit`s) reads for `viewer` with `query`,
  /// to send ahead of its read: the composer's (``FeedComposer/statements(after:limit:)``) and its
  /// `Stackfeed-Version`'s (``FeedSnapshot/versionHeader()``). None when the page's `limit` or `after` is refused.
  func pageStatements(
    _ query: Query, _ snapshot: FeedSnapshot, viewer: String, limits: (default: Int, maximum: Int)
  ) -> [SQLQuery] {
    var query = query
    let limit: Int
    let cursor: FeedCursor?
    do {
      limit = try query.pageLimit(maximum: limits.maximum) ?? limits.default
      cursor = try query.cursor()
    } catch {
      return []
    }
    // The statements name no date: the zone is never resolved (nor kept among the contexts).
    let context = RowContext(resolvingTimeZone: { [defaultZone] in defaultZone }, viewer: viewer)
    return snapshot.composer(context: context).statements(after: cursor, limit: limit) + [StoreChanges.counting]
  }

  /// `GET /v1/render?width=W&limit=N&after=CURSOR&format=json|svg|html&time_zone=ZONE&content_size=C&…`:
  /// one page of cards laid out for the traits, written by `render`'s renderers; the next page's cursor is in
  /// `Stackfeed-Next` (and JSON `next`). With `format=html&system_scheme` the page follows the browser's
  /// `prefers-color-scheme` (both colours of every light/dark pair; `HTMLRenderer.followsSystemScheme`): the web
  /// page `/` asks for it when no scheme is forced. JSON is written in `form` straight into the body's bytes.
  func render(_ query: inout Query, _ snapshot: FeedSnapshot, viewer: String, form: JSONForm) throws -> HTTPResponse {
    let width = try query.width() ?? LayoutWidth.standard
    let limit = try query.pageLimit(maximum: Self.cardLimits.maximum) ?? Self.cardLimits.default
    let cursor = try query.cursor()
    let format = try query.renderFormat(among: Self.formats) ?? .json
    let context = try rowContext(&query, viewer: viewer)
    let followsSystemScheme = try query.flag(named: Self.systemScheme)
    let engine = try Self.engine(&query)
    let scale = try Self.scale(&query)
    try query.finish()
    guard !followsSystemScheme || format == .html && engine.traits.scheme == .light else {
      throw Problem.badParameter(
        Self.systemScheme, "\(Self.systemScheme) is for format=html without a scheme (it draws both schemes)")
    }
    let (cards, next) = try page(of: snapshot.composer(context: context), after: cursor, limit: limit)
    let rows = cards.map { $0.renderRow(width: width, engine: engine) }
    let images = try StoredImageLinks(namedIn: cards.map(\.tree), from: snapshot.database, scale: scale)
    let headers = [try snapshot.versionHeader()] + (next.map { [HTTPField("Stackfeed-Next", $0.description)] } ?? [])
    guard format != .json else {
      var bytes = ByteBuffer(capacity: 64 * 1024)
      JSONRenderer(paging: .page(next: next?.description), style: form.style, images: images)
        .render(rows, width: width, to: &bytes)
      return .ok(bytes.bytes, type: MediaType.json, headers: headers)
    }
    var body = Body()
    try Self.renderer(format, followsSystemScheme: followsSystemScheme, images: images)
      .render(rows, width: width, to: &body)
    return .ok(body.bytes, type: MediaType.of(format), headers: headers)
  }

  /// `GET /v1/stack?width=W&limit=N&format=…&state=…&…`: the first `limit` cards as a card stack, as
  /// `render --mode stack` writes it; every stack option of `render` is a parameter of the same name, and so are
  /// the traits (`content_size`, `direction`, `scheme`).
  func stack(_ query: inout Query, _ snapshot: FeedSnapshot, viewer: String) throws -> HTTPResponse {
    let width = try query.width() ?? LayoutWidth.standard
    let limit = try query.pageLimit(maximum: Self.cardLimits.maximum) ?? Self.cardLimits.default
    let format = try query.renderFormat(among: Self.formats) ?? .json
    let context = try rowContext(&query, viewer: viewer)
    let options = try query.stackOptions()
    let engine = try Self.engine(&query)
    try query.finish()
    let (cards, _) = try page(of: snapshot.composer(context: context), after: nil, limit: limit)
    let document = try StackDocument(cards: cards, options: options, width: width, engine: engine)
    var body = Body()
    Self.renderer(format).render(document, to: &body)
    return .ok(body.bytes, type: MediaType.of(format))
  }

  /// `GET /v1/rows/{kind}/{id}?width=W&time_zone=ZONE&content_size=C&direction=D&scheme=S`: one row's texts (as
  /// `list` prints them) with its card laid out at `width` for the traits (as `render` writes it):
  /// `{"kind", "id", "texts", "gallery"?, "width", "height", "card"}`.
  func row(kind: String, id: String, _ query: inout Query, _ snapshot: FeedSnapshot, form: JSONForm) throws
    -> HTTPResponse
  {
    let width = try query.width() ?? LayoutWidth.standard
    let context = try rowContext(&query)
    let engine = try Self.engine(&query)
    let scale = try Self.scale(&query)
    try query.finish()
    guard let plugin = registry.plugin(kind: kind) else {
      throw Problem(status: 404, detail: "there is no row kind \"\(kind)\"")
    }
    let composer = snapshot.composer(context: context)
    let found = try plugin.loadRow(id: id, from: composer.database, context: composer.context)
    guard let found,
      let body = try rowDocument(
        found, width: width, engine: engine, scale: scale, form: form, images: snapshot.database)
    else {
      throw Problem(status: 404, detail: "there is no \(kind) row with the id \"\(id)\"")
    }
    return .ok(body, type: MediaType.json)
  }

  /// One row as `/v1/rows/{kind}/{id}` answers it (and a route of a plugin answers the row it read or wrote):
  /// `{"kind", "id", "texts", …lists, "width", "height", "card"}` with its card laid out at `width` by `engine`
  /// (for its traits), its image nodes linked at `scale` to the images `db` stores and the bundled icons
  /// (`StoredImageLinks`): a write's answer and its `ETag`s are those of the `GET`; `nil` when no registered plugin
  /// made the row. Throws when the plugin's card has an unlabelled action (``PluginRegistry/card(for:)``).
  func rowDocument(
    _ row: FeedRow, width: Double, engine: LayoutEngine = LayoutEngine(), scale: Int = ImageVariant.defaultScale,
    form: JSONForm = .pretty, images db: StoreConnection
  ) throws -> [UInt8]? {
    try linkedCard(of: row, scale: scale, images: db).map { document(of: $0, width: width, engine: engine, form: form) }
  }

  /// The card of `row` with its image nodes linked at `scale` to the images `db` stores: all that
  /// ``rowDocument(_:width:engine:scale:form:images:)`` reads of the store, so that a write can lay out and
  /// write its answer after its commit (``document(of:width:engine:form:)``); `nil` when no registered plugin made
  /// the row.
  func linkedCard(of row: FeedRow, scale: Int = ImageVariant.defaultScale, images db: StoreConnection) throws
    -> LinkedCard?
  {
    guard let tree = try registry.card(for: row) else { return nil }
    return LinkedCard(row: row, tree: tree, images: try StoredImageLinks(namedIn: [tree], from: db, scale: scale))
  }

  /// The document of ``rowDocument(_:width:engine:scale:form:images:)`` for `card`, without the store.
  func document(of card: LinkedCard, width: Double, engine: LayoutEngine = LayoutEngine(), form: JSONForm = .pretty)
    -> [UInt8]
  {
    let layout = engine.layout(card.tree, width: width)
    let style = form.style
    var bytes = ByteBuffer(capacity: 8192)
    bytes.append(literal: "{")
    JSONRowWriter.appendFields(of: card.row, style: style, to: &bytes)
    bytes.append(literal: #", "width": "#, style: style)
    LayoutJSON.append(number: width, to: &bytes)
    bytes.append(literal: #", "height": "#, style: style)
    LayoutJSON.append(number: layout.size.height, to: &bytes)
    bytes.append(literal: #", "card": "#, style: style)
    LayoutJSON.encode(layout, style: style, images: card.images, to: &bytes)
    bytes.append(literal: "}\n", style: style)
    return bytes.bytes
  }

  /// The layout engine for the traits the request's `content_size`, `direction` and `scheme` ask for (FeedOptions'
  /// `traits()`; each absent one at its default).
  static func engine(_ query: inout Query) throws(Problem) -> LayoutEngine {
    var engine = LayoutEngine()
    engine.traits = try query.traits()
    return engine
  }

  /// Up to `limit` cards after `cursor`, and the cursor of the next page.
  private func page(of composer: FeedComposer, after cursor: FeedCursor?, limit: Int) throws -> (
    [FeedCard], FeedCursor?
  ) {
    var cards: [FeedCard] = []
    let next = try composer.compose(after: cursor, limit: limit) { row in
      if let tree = try registry.card(for: row) { cards.append(FeedCard(kind: row.kind, id: row.id, tree: tree)) }
    }
    return (cards, next)
  }

  /// The renderer of rows and card stacks in `format`, as `render` draws them (no image assets), its image nodes
  /// linked by `images` (JSON and HTML).
  static func renderer(
    _ format: RenderFormat, followsSystemScheme: Bool = false, images: StoredImageLinks? = nil
  ) -> any RowRenderer & StackRenderer {
    format.renderer(
      assets: nil, background: FeedScreen.background, followsSystemScheme: followsSystemScheme, images: images)
  }

  /// The `scale` parameter: the screen scale the image nodes' `url`s are for, `ImageVariant.scales` (1, 2, 3),
  /// default `ImageVariant.defaultScale` (2).
  static func scale(_ query: inout Query) throws(Problem) -> Int {
    let scales = ImageVariant.scales
    return try query.integer("scale", minimum: scales.lowerBound, maximum: scales.upperBound)
      ?? ImageVariant.defaultScale
  }

  /// The flag of `/v1/render?format=html` asking for the page that follows the browser's colour scheme.
  static let systemScheme = "system_scheme"
}

/// A response body that renderers write into.
private struct Body: TextOutputStream {
  var bytes: [UInt8] = []

  init() {
    bytes.reserveCapacity(64 * 1024)
  }

  mutating func write(_ string: String) {
    bytes.append(contentsOf: string.utf8)
  }
}

/// A row's card with its image nodes linked to the stored images (``FeedAPI/linkedCard(of:scale:images:)``): what
/// its document needs of the store, read, so that the document can be written without it.
struct LinkedCard {
  /// The row.
  var row: FeedRow
  /// Its card, not laid out.
  var tree: LayoutNode
  /// The links of its image nodes.
  var images: StoredImageLinks
}
