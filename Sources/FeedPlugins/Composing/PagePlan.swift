import SQLCore

/// What a page reads, worked out from the registry and the cursor before any query runs: the part of the feed
/// it starts in, the plugins of each part, and the inserted plugins still to come.
struct PagePlan {
  /// The plugins before everything else.
  let leading: [any RowPlugin]
  /// The stream plugin, if the registry has one.
  let stream: (any RowPlugin)?
  /// The plugins after everything else.
  let trailing: [any RowPlugin]
  /// The inserted plugins still to come, by index, with the key their rows resume after (the cursor's plugin).
  let pending: [(index: Int, plugin: any RowPlugin, after: Int64?)]
  /// The part the page starts in.
  let start: Segment
  /// Where the page starts.
  let cursor: FeedCursor?

  /// The plan of the page after `cursor` (from the start when `nil`); throws ``FeedCursorError`` when the
  /// cursor names a kind the registry does not have.
  init(registry: PluginRegistry, after cursor: FeedCursor?) throws {
    let placements = registry.placements
    leading = placements.leading
    trailing = placements.trailing
    stream = placements.stream
    var pending = placements.inserted.map { (index: $0.index, plugin: $0.plugin, after: Int64?.none) }[...]
    var start = Segment.leading
    if let cursor {
      guard let plugin = registry.plugin(kind: cursor.kind) else {
        throw FeedCursorError(description: "the cursor \"\(cursor)\" names the unknown row kind \"\(cursor.kind)\"")
      }
      guard plugin.placement != .catalogue else {
        throw FeedCursorError(
          description: "the cursor \"\(cursor)\" names the row kind \"\(cursor.kind)\", whose rows are not in the feed")
      }
      start = Segment(plugin.placement)
      if start == .body {
        if let position = pending.firstIndex(where: { $0.plugin.kind == cursor.kind }) {
          pending = pending[position...]
          pending[position].after = cursor.key
        } else {
          pending = pending.drop { $0.index < cursor.streamCount }
        }
      }
    }
    self.pending = Array(pending)
    self.start = start
    self.cursor = cursor
  }

  /// A registry's plugins by placement, worked out once with the registry: every page's plan starts from them (made
  /// for each page, they cost 5,400 instructions of a new `/v1/feed` page).
  struct Placements: Sendable {
    /// The plugins before everything else, in registry order.
    let leading: [any RowPlugin]
    /// The stream plugin, if the registry has one.
    let stream: (any RowPlugin)?
    /// The plugins after everything else, in registry order.
    let trailing: [any RowPlugin]
    /// The inserted plugins by their index, in registry order among equal indices.
    let inserted: [(index: Int, plugin: any RowPlugin)]

    /// The placements of `plugins`.
    init(_ plugins: [any RowPlugin]) {
      leading = plugins.filter { $0.placement == .leading }
      trailing = plugins.filter { $0.placement == .trailing }
      stream = plugins.first { $0.placement == .stream }
      inserted = plugins.compactMap { plugin -> (index: Int, plugin: any RowPlugin)? in
        if case .inserted(let index) = plugin.placement { return (index, plugin) }
        return nil
      }.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }.map(\.element)
    }
  }

  /// The plugins of `plugins` whose rows a part emits, each with the key its rows resume after: from the one of
  /// `resume`'s kind (after its key) on, or all of them from the start without `resume`.
  static func resumed(_ plugins: [any RowPlugin], at resume: (kind: String, key: Int64)?) -> [(
    plugin: any RowPlugin, after: Int64?
  )] {
    guard let resume else { return plugins.map { ($0, nil) } }
    guard let start = plugins.firstIndex(where: { $0.kind == resume.kind }) else { return [] }
    return [(plugins[start], resume.key)] + plugins[(start + 1)...].map { ($0, nil) }
  }

  /// The stream rows a page of `limit` rows reads in one query (and keeps, when rows are inserted among them):
  /// one more than the limit (which tells that the feed was cut), whatever rows come before them, so the query is
  /// known before anything is read; nil for no limit or a page too long to keep (``FeedComposer/pageReadWhole``),
  /// whose stream is read in runs.
  static func streamRows(limit: Int?) -> Int? {
    guard let limit, limit + 1 <= FeedComposer.pageReadWhole else { return nil }
    return limit + 1
  }

  /// True when the page runs one query at most: it starts in the stream, the stream rows it wants are read in
  /// one query (``FeedComposer/pageReadWhole``), and no inserted or trailing plugin's rows can follow them.
  /// One statement sees one snapshot by itself, so such a page needs no transaction.
  func isOneQuery(limit: Int?) -> Bool {
    guard stream != nil, start == .body, pending.isEmpty, trailing.isEmpty else { return false }
    return Self.streamRows(limit: limit) != nil
  }

  /// The statements the page of `limit` rows runs (``RowPlugin/statements(after:limit:context:)``) in `context`,
  /// in the order it runs them: those of the plugins it starts with, the stream's query when the page reads it
  /// whole (``streamRows(limit:)``), the inserted plugins' still to come, and the trailing plugins'. A page cut
  /// by its limit may not run the last ones.
  func statements(limit: Int?, context: RowContext) -> [SQLQuery] {
    let resume = cursor.map { (kind: $0.kind, key: $0.key) }
    var parts: [(plugin: any RowPlugin, after: Int64?, limit: Int?)] = []
    if start == .leading {
      parts += Self.resumed(leading, at: resume).map { ($0.plugin, $0.after, nil) }
    }
    if start <= .body {
      if let stream, let rows = Self.streamRows(limit: limit) {
        parts.append((stream, start == .body ? cursor?.streamKey : nil, rows))
      }
      parts += pending.map { ($0.plugin, $0.after, nil) }
    }
    parts += Self.resumed(trailing, at: start == .trailing ? resume : nil).map { ($0.plugin, $0.after, nil) }
    return parts.flatMap { $0.plugin.statements(after: $0.after, limit: $0.limit, context: context) }
  }
}

/// The three parts of the composed feed, in order: a cursor resumes in the part of its row's kind.
enum Segment: Int, Comparable {
  case leading, body, trailing

  init(_ placement: RowPlacement) {
    switch placement {
    case .leading: self = .leading
    case .stream, .inserted: self = .body
    case .trailing, .catalogue: self = .trailing
    }
  }

  static func < (lhs: Segment, rhs: Segment) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
