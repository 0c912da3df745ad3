import CPostgres
import SQLCore

/// One session with a PostgreSQL server, through libpq (<https://www.postgresql.org/docs/current/libpq.html>).
///
/// Shaped like SQLiteCore's `Database`: prepared statements cached by their SQL, `execute`, `executeScript`,
/// streaming `query`, `write { }` / `read { }` transactions. Parameters are written `$1`, `$2`, … (PostgreSQL's
/// syntax). A connection is used from one thread at a time; open one per thread or process.
///
///     let db = try Connection("postgres://feed:secret@db.example/stackfeed")
///     try db.write { try db.execute("INSERT INTO item (id) VALUES ($1)", ["a1"]) }
///     let count = try db.queryOne("SELECT count(*) FROM item") { try $0.int(at: 0) }
///
/// When the server goes away (restarted, session ended) the next call fails with `isConnectionLost`; the
/// connection is then unusable until `reconnect()`, which opens a new session with the same settings.
public final class Connection {
  /// Where the connection goes, as parsed from the URL (without the password).
  public let target: ConnectionTarget
  let handle: OpaquePointer
  var statementCache: [String: Statement] = [:]
  /// Counts sessions: `reconnect()` starts a new one, in which no statement is prepared yet and nothing is
  /// listened to.
  public internal(set) var session = 0
  /// The SQL of the query whose rows are being read (libpq runs one command at a time per connection).
  var streamingSQL: String?
  /// The `BEGIN` of a `read { }` not sent yet: it goes out with the read's first statement, in one round trip.
  var pendingBegin: String?
  /// The statements a `readOneStatement { }` may still run (nil outside one).
  var statementsLeftInRead: Int?
  /// A read's `ROLLBACK` was sent and its answer is not read yet: read before the connection's next use.
  var isEndPending = false
  /// The times this connection waited for the server's answer (see `roundTrips`).
  var roundTripCount = 0
  /// True inside a `read { }` that began its own transaction: where `sendAhead` sends.
  var isReading = false
  /// The results of statements sent ahead in the current read, not taken yet (see `sendAhead`).
  var keptResults: [(query: SQLQuery, result: OpaquePointer)] = []
  private var statementNumber = 0

  /// Connects to the server named by `url`: a `postgres://` / `postgresql://` URL or a libpq key=value string.
  ///
  /// Unless given, `connect_timeout` is 10 seconds and `application_name` is `stackfeed`. Throws a
  /// `PostgresError`: `.badConnectionString` (nothing tried), `.libraryMissing` (no libpq),
  /// `.connectionFailed` (with libpq's reason and the host, port and database; never the password).
  public convenience init(_ url: String) throws(PostgresError) {
    try self.init(target: ConnectionTarget(url))
  }

  /// Connects to `target`.
  public init(target: ConnectionTarget) throws(PostgresError) {
    try LibPQ.load()
    var parameters = target.parameters
    if target.value(of: "connect_timeout") == nil { parameters.append(.init(keyword: "connect_timeout", value: "10")) }
    parameters.append(.init(keyword: "fallback_application_name", value: "stackfeed"))
    guard let handle = LibPQ.connect(parameters) else {
      throw PostgresError(kind: .connectionFailed, message: "libpq could not allocate a connection")
    }
    self.handle = handle
    self.target = target
    guard stackfeed_pq_status(handle) == CONNECTION_OK else {
      throw PostgresError(
        kind: .connectionFailed, message: libpqMessage(), endpoint: endpoint)
    }
  }

  deinit {
    dropKeptResults()
    stackfeed_pq_finish(handle)
  }

  /// Opens a new session with the same settings (`PQreset`), after `isConnectionLost` or to start afresh: any
  /// transaction of the old session is gone, statements are prepared again on their next use.
  public func reconnect() throws(PostgresError) {
    stackfeed_pq_reset(handle)
    session += 1
    statementCache = [:]
    streamingSQL = nil
    pendingBegin = nil
    isEndPending = false
    dropKeptResults()
    guard stackfeed_pq_status(handle) == CONNECTION_OK else {
      throw PostgresError(kind: .connectionFailed, message: libpqMessage(), endpoint: endpoint)
    }
  }

  /// True while the session is up as far as libpq knows (it learns of a loss at the next call).
  public var isConnected: Bool { stackfeed_pq_status(handle) == CONNECTION_OK }

  /// The times this connection has waited for the server's answer so far: one per round trip (a statement, or a
  /// read's `BEGIN` pipelined with its first statement; a read's `ROLLBACK`, sent without waiting, is not one).
  /// For tests and benchmarks that count a page's round trips.
  public var roundTrips: Int { roundTripCount }

  /// True inside `write`, `read` or an explicit `BEGIN` (also in a transaction a failed statement aborted).
  public var isInTransaction: Bool {
    if pendingBegin != nil { return true }
    // The read's ROLLBACK is on its way (libpq says ACTIVE until its answer is read).
    if isEndPending { return false }
    let status = stackfeed_pq_transaction_status(handle)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE
  }

  /// Which server, as libpq resolved the defaults: `host 127.0.0.1 port 5432 database feed`.
  public var endpoint: String {
    func text(_ value: UnsafeMutablePointer<CChar>?) -> String? {
      value.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    let host = text(stackfeed_pq_host(handle)) ?? target.host ?? "default"
    let port = text(stackfeed_pq_port(handle)) ?? target.port ?? "default"
    let database = text(stackfeed_pq_db(handle)) ?? target.database ?? "default"
    return "host \(host) port \(port) database \(database)"
  }

  /// A name for the next prepared statement of this session.
  func nextStatementName() -> String {
    statementNumber += 1
    return "stackfeed_\(statementNumber)"
  }

  /// libpq's latest message for this connection, trimmed, with any password replaced by `***`.
  func libpqMessage() -> String {
    let raw = stackfeed_pq_error_message(handle).map { String(cString: $0) } ?? ""
    return redacted(raw.trimmingTrailingWhitespace())
  }

  /// `text` with every occurrence of the password replaced by `***`.
  func redacted(_ text: String) -> String {
    guard let password = target.password, !password.isEmpty else { return text }
    return text.replacingAll(password, with: "***")
  }
}

extension String {
  /// Without trailing spaces and newlines (libpq's messages end in a newline).
  func trimmingTrailingWhitespace() -> String {
    var text = Substring(self)
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return String(text)
  }

  /// The text's lines, each without surrounding whitespace, empty ones dropped, joined by `; `.
  func joiningLines() -> String {
    guard contains(where: \.isNewline) else { return self }
    return split(whereSeparator: \.isNewline).map { line in
      var line = line
      while let first = line.first, first.isWhitespace { line = line.dropFirst() }
      return String(line).trimmingTrailingWhitespace()
    }.filter { !$0.isEmpty }.joined(separator: "; ")
  }

  /// Every occurrence of `target` replaced by `replacement` (no Foundation here).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
