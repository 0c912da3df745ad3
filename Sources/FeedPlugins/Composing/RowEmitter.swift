import FeedStore
import SQLCore

/// Turns plugin models into rows, counts them against the limit and keeps the cursor after the last one.
final class RowEmitter {
  /// Thrown when a row beyond the limit comes: the feed was cut and ``cursor`` is the `next` cursor.
  struct LimitReached: Error {}

  private let database: StoreConnection
  /// The most rows the page emits (nil: no limit).
  let limit: Int?
  private let context: RowContext
  private let emit: (FeedRow) throws -> Void
  /// Reads and hands on a stream plugin's rows of a page read in one query (``emitStream(_:reading:)``): loads
  /// and emits them, or, when the page is written as JSON, has the plugin write them
  /// (``RowPlugin/writeRows(from:after:limit:context:to:_:admitting:)``).
  private let writeStream: StreamWriter
  /// The cursor after the last emitted row.
  private(set) var cursor: FeedCursor?
  private var emitted = 0
  /// Stream rows emitted so far (counting those before the starting cursor).
  var streamCount = 0
  /// The key of the last stream row emitted.
  var streamKey: Int64?

  /// What writes a stream plugin's rows: the plugin, the key after which, the rows to read, each row's admission.
  typealias StreamWriter = (any RowPlugin, Int64?, Int, (Int64) throws -> Void) throws -> Void

  init(
    database: StoreConnection, limit: Int?, context: RowContext, emit: @escaping (FeedRow) throws -> Void,
    writeStream: @escaping StreamWriter
  ) {
    self.database = database
    self.limit = limit
    self.context = context
    self.emit = emit
    self.writeStream = writeStream
  }

  /// Emits every row of `plugins` in order, starting after `resume`'s row when one of them is its kind.
  func emitAll(of plugins: [any RowPlugin], resumingAt resume: (kind: String, key: Int64)?) throws {
    for (plugin, key) in PagePlan.resumed(plugins, at: resume) {
      try emitRows(of: plugin, after: key)
    }
  }

  /// Emits a non-stream plugin's rows after `key`.
  func emitRows(of plugin: any RowPlugin, after key: Int64?) throws {
    let kind = plugin.kind
    try plugin.loadRows(from: database, after: key, limit: nil, context: context) { key, row in
      try emit(row, key: key, kind: kind, isStream: false)
    }
  }

  /// The stream rows a limited feed can still take, plus one (which tells that the feed was cut); nil without
  /// a limit.
  var streamRowsWanted: Int? { limit.map { max(0, $0 - emitted) + 1 } }

  /// Emits the stream plugin's rows after ``streamKey`` as they arrive, at most `rows` of them when given (the
  /// run up to the next inserted rows). Asks the plugin for no more rows than the limit can still take, plus
  /// one. Returns true when the stream has no more rows.
  func emitStream(_ plugin: any RowPlugin, rows run: Int?) throws -> Bool {
    let asked = [run, streamRowsWanted].compactMap { $0 }.min()
    let before = streamCount
    let kind = plugin.kind
    // One call into the plugin per query: `loadRows` is compiled for the plugin's own type, so the stream's rows
    // (a million feed items) cost no generic dispatch per row here.
    try plugin.loadRows(from: database, after: streamKey, limit: asked, context: context) { key, row in
      try emit(row, key: key, kind: kind, isStream: true)
    }
    return asked.map { streamCount - before < $0 } ?? true
  }

  /// Emits the stream plugin's next rows after ``streamKey`` as they arrive, from one query for `rows` of them (a
  /// page's: ``PagePlan/streamRows(limit:)``, whatever was emitted before, so the query is the one said ahead), until
  /// the limit stops them: no row is kept or copied.
  func emitStream(_ plugin: any RowPlugin, reading rows: Int) throws {
    let kind = plugin.kind
    try writeStream(plugin, streamKey, rows) { key in try admit(key: key, kind: kind, isStream: true) }
  }

  /// The stream plugin's next `rows` rows after ``streamKey``, read in one query and kept (a page's few).
  func loadStream(_ plugin: any RowPlugin, rows: Int) throws -> [(key: Int64, row: FeedRow)] {
    var loaded: [(key: Int64, row: FeedRow)] = []
    loaded.reserveCapacity(rows)
    try plugin.loadRows(from: database, after: streamKey, limit: rows, context: context) { key, row in
      loaded.append((key, row))
    }
    return loaded
  }

  /// Emits one row of the stream plugin (`kind` is its kind), loaded by ``loadStream(_:rows:)``.
  func emitStreamRow(_ row: (key: Int64, row: FeedRow), kind: String) throws {
    try emit(row.row, key: row.key, kind: kind, isStream: true)
  }

  /// Emits `row`, or throws ``LimitReached`` when the limit was reached, and moves the cursor past it.
  private func emit(_ row: FeedRow, key: Int64, kind: String, isStream: Bool) throws {
    try admit(key: key, kind: kind, isStream: isStream)
    try emit(row)
  }

  /// Counts the row of `key` against the limit, or throws ``LimitReached`` when the limit was reached, and moves
  /// the cursor past it: what comes before each row is emitted or written.
  private func admit(key: Int64, kind: String, isStream: Bool) throws {
    if let limit, emitted >= limit { throw LimitReached() }
    if isStream {
      streamCount += 1
      streamKey = key
    }
    emitted += 1
    cursor = FeedCursor(kind: kind, key: key, streamCount: streamCount, streamKey: streamKey)
  }
}
