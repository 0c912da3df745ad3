import FeedStore
import SQLCore

/// Turns plugin models into rows, counts them against the limit and keeps the cursor after the last one.
final class RowEmitter {
  /// Thrown when a row beyond the limit comes: the feed was cut and ``cursor`` is the `next` cursor.
  struct LimitReached: Error {}

  private let database: StoreConnection
  private let limit: Int?
  private let context: RowContext
  private let emit: (FeedRow) throws -> Void
  /// The cursor after the last emitted row.
  private(set) var cursor: FeedCursor?
  private var emitted = 0
  /// Stream rows emitted so far (counting those before the starting cursor).
  var streamCount = 0
  /// The key of the last stream row emitted.
  var streamKey: Int64?

  init(database: StoreConnection, limit: Int?, context: RowContext, emit: @escaping (FeedRow) throws -> Void) {
    self.database = database
    self.limit = limit
    self.context = context
    self.emit = emit
  }

  /// Emits every row of `plugins` in order, starting after `resume`'s row when one of them is its kind.
  func emitAll(of plugins: [any RowPlugin], resumingAt resume: (kind: String, key: Int64)?) throws {
    var started = resume == nil
    for plugin in plugins {
      if !started, let resume, plugin.kind == resume.kind {
        started = true
        try emitRows(of: plugin, after: resume.key)
      } else if started {
        try emitRows(of: plugin, after: nil)
      }
    }
  }

  /// Emits a non-stream plugin's rows after `key`.
  func emitRows(of plugin: any RowPlugin, after key: Int64?) throws {
    try emitModels(of: plugin, after: key, limit: nil, isStream: false) {}
  }

  /// Emits the stream plugin's rows after ``streamKey``, at most `rows` of them when given (the run up to the
  /// next inserted rows). Asks the plugin for no more rows than the limit can still take, plus one. Returns true
  /// when the stream has no more rows.
  func emitStream(_ plugin: any RowPlugin, rows run: Int?) throws -> Bool {
    let rowsWanted = limit.map { max(0, $0 - emitted) + 1 }
    let asked = [run, rowsWanted].compactMap { $0 }.min()
    let before = streamCount
    try emitModels(of: plugin, after: streamKey, limit: asked, isStream: true) {}
    return asked.map { streamCount - before < $0 } ?? true
  }

  // One call into the plugin per query: `loadRows` is compiled for the plugin's own type, so the stream's rows
  // (a million feed items) cost no generic dispatch per row here.
  private func emitModels(
    of plugin: any RowPlugin, after key: Int64?, limit rowsWanted: Int?, isStream: Bool, afterEach: () throws -> Void
  ) throws {
    let kind = plugin.kind
    try plugin.loadRows(from: database, after: key, limit: rowsWanted, context: context) { key, row in
      if let limit, emitted >= limit { throw LimitReached() }
      if isStream {
        streamCount += 1
        streamKey = key
      }
      try emit(row)
      emitted += 1
      cursor = FeedCursor(kind: kind, key: key, streamCount: streamCount, streamKey: streamKey)
      try afterEach()
    }
  }
}
