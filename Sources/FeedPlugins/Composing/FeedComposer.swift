import FeedStore
import JSONCore
import SQLCore

/// A cursor that does not belong to this feed's registry.
public struct FeedCursorError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  public var description: String
}

/// Merges the registered plugins' rows by placement and streams them: leading rows, then the stream plugin's
/// rows in key order with each `.inserted(at: i)` plugin's rows before stream row `i` (after the last one when
/// the stream is shorter), then trailing rows.
///
/// Rows go to a callback while the stream query runs: a million feed items are never held in memory.
///
///     let composer = FeedComposer(registry: try .builtIn(), database: db, context: RowContext(timeZone: zone))
///     let next = try composer.compose(after: nil, limit: 20) { row in print(row.id) }
public struct FeedComposer {
  /// The plugins whose rows are merged.
  public let registry: PluginRegistry
  /// Where the rows are read from, on whichever backend.
  public let database: StoreConnection
  /// The formatting context.
  public let context: RowContext

  /// Creates a composer.
  public init(registry: PluginRegistry, database: StoreConnection, context: RowContext) {
    self.registry = registry
    self.database = database
    self.context = context
  }

  /// Emits the rows after `cursor` (from the start when `nil`), at most `limit` of them when given, all from one
  /// snapshot: in one read transaction, or as a single statement when the page is one query (a page inside the
  /// stream with nothing inserted or trailing after it). Returns the cursor after the last emitted row when
  /// `limit` cut the feed, else `nil`.
  @discardableResult
  public func compose(after cursor: FeedCursor?, limit: Int?, emit: (FeedRow) throws -> Void) throws -> FeedCursor? {
    let context = context
    let database = database
    return try compose(after: cursor, limit: limit, emit: emit) { plugin, key, rows, admit in
      try plugin.loadRows(from: database, after: key, limit: rows, context: context) { key, row in
        try admit(key)
        try emit(row)
      }
    }
  }

  /// Writes the rows ``compose(after:limit:emit:)`` emits with `writer` into `bytes`; the stream plugin writes its
  /// rows of a page read in one query itself (``RowPlugin/writeRows(from:after:limit:context:to:_:admitting:)``:
  /// the feed items' texts from the database's bytes, without their rows). Returns the `next` cursor.
  @discardableResult
  public func compose(
    after cursor: FeedCursor?, limit: Int?, writing writer: inout JSONRowWriter, to bytes: inout ByteBuffer
  ) throws -> FeedCursor? {
    let context = context
    let database = database
    return try compose(
      after: cursor, limit: limit, emit: { writer.write($0, to: &bytes) },
      writeStream: { plugin, key, rows, admit in
        try plugin.writeRows(
          from: database, after: key, limit: rows, context: context, to: &writer, &bytes, admitting: admit)
      })
  }

  private func compose(
    after cursor: FeedCursor?, limit: Int?, emit: (FeedRow) throws -> Void,
    writeStream: RowEmitter.StreamWriter
  ) throws -> FeedCursor? {
    let plan = try PagePlan(registry: registry, after: cursor)
    return try withoutActuallyEscaping(emit) { emit in
      try withoutActuallyEscaping(writeStream) { writeStream in
        try compose(
          plan, limit: limit,
          emitter: RowEmitter(
            database: database, limit: limit, context: context, emit: emit, writeStream: writeStream))
      }
    }
  }

  /// Runs `plan` with `emitter`: in one read transaction, or as a single statement.
  private func compose(_ plan: PagePlan, limit: Int?, emitter: RowEmitter) throws -> FeedCursor? {
    do {
      if plan.isOneQuery(limit: limit) {
        try database.readOneStatement { try run(plan, emitter: emitter) }
      } else {
        try database.read {
          if database.sendsAhead { try database.sendAhead(plan.statements(limit: limit, context: context)) }
          try run(plan, emitter: emitter)
        }
      }
    } catch is RowEmitter.LimitReached {
      return emitter.cursor
    }
    return nil
  }

  private func run(_ plan: PagePlan, emitter: RowEmitter) throws {
    let resume = plan.cursor.map { (kind: $0.kind, key: $0.key) }
    if plan.start == .leading {
      try emitter.emitAll(of: plan.leading, resumingAt: resume)
    }
    if plan.start <= .body {
      try runBody(plan, emitter: emitter)
    }
    try emitter.emitAll(of: plan.trailing, resumingAt: plan.start == .trailing ? resume : nil)
  }

  /// The statements the page after `cursor` of at most `limit` rows runs, as ``compose(after:limit:emit:)`` reads
  /// it: what a read that composes the page can send ahead of it (``StoreConnection/sendAhead(_:)``) with its own
  /// statements, so that on PostgreSQL the read is one round trip. Empty for a cursor of another registry
  /// (``compose(after:limit:emit:)`` throws for it).
  public func statements(after cursor: FeedCursor?, limit: Int?) -> [SQLQuery] {
    (try? PagePlan(registry: registry, after: cursor))?.statements(limit: limit, context: context) ?? []
  }

  /// The most stream rows a page reads in one query (and keeps in memory when rows are inserted among them);
  /// longer pages stream in runs.
  static let pageReadWhole = 1_000

  private func runBody(_ plan: PagePlan, emitter: RowEmitter) throws {
    var pending = plan.pending[...]
    if plan.start == .body, let cursor = plan.cursor {
      emitter.streamCount = cursor.streamCount
      emitter.streamKey = cursor.streamKey
    }
    func flush(upTo count: Int) throws {
      while let next = pending.first, next.index <= count {
        try emitter.emitRows(of: next.plugin, after: next.after)
        pending.removeFirst()
      }
    }
    try flush(upTo: emitter.streamCount)
    if let stream = plan.stream, let page = PagePlan.streamRows(limit: emitter.limit), pending.isEmpty {
      // A page with no rows inserted among its stream rows (every page past the feed's last inserted rows): its
      // stream rows, one more than the limit, are read in one query and each is emitted as the query reads it,
      // none kept (on PostgreSQL one query is one round trip, sent ahead with the page's others).
      try emitter.emitStream(stream, reading: page)
    } else if let stream = plan.stream, let page = PagePlan.streamRows(limit: emitter.limit) {
      // A page with inserted rows still to come: its stream rows are read the same way but kept, then emitted with
      // the inserted rows between them (whose queries cannot run while the stream's is read on PostgreSQL).
      // Emitting them all would pass the limit, so when the loop ends the stream has no more rows.
      let kind = stream.kind
      for row in try emitter.loadStream(stream, rows: page) {
        try emitter.emitStreamRow(row, kind: kind)
        try flush(upTo: emitter.streamCount)
      }
    } else if let stream = plan.stream {
      // The whole feed or a long page: the stream is read in runs that end where the next inserted rows go, so
      // no query runs while another's rows are being read (a PostgreSQL connection streams one query at a time)
      // and its rows are never held in memory.
      while true {
        let run = pending.first.map { $0.index - emitter.streamCount }
        let ended = try emitter.emitStream(stream, rows: run)
        try flush(upTo: emitter.streamCount)
        if ended { break }
      }
    }
    try flush(upTo: Int.max)
  }
}
