import CivilTime
import FeedOptions
import FeedPlugins
import FeedServer
import FeedStore
import HTTPServer

#if canImport(Glibc)
  import Glibc
#endif

/// `stackfeed serve`: the feed over HTTP (docs/HTTP.md) until SIGINT or SIGTERM: FeedServer's API answers the
/// requests of an `HTTPServer`.
struct ServeCommand: Command {
  static let name = "serve"
  static let summary = "serves the feed over HTTP (JSON rows, laid-out cards, a web page) until stopped"
  static let usage =
    "stackfeed serve [--host ADDRESS] [--port N] [--threads N] [--max-connections N] [--max-subscribers N] "
    + "[--memo-size BYTES] [--db-connections N] [--quiet] [--require-auth] [--db PATH|URL] [--read-db URL]"
  static let help = """
      --host ADDRESS      the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for all)
      --port N            the TCP port, 0 … 65535 (default 8080; 0 picks a free one, printed at start)
      --threads N         worker threads, each serving many connections (default: one per CPU core);
                          0 serves each connection on its own thread
      --max-connections N connections open at once, 1 … 65536 (default 1024; fewer when the file descriptor
                          limit, ulimit -n, is too low for them: said at start); more clients wait to connect
      --max-subscribers N of those, the most event streams open at once (/v1/events, /v1/me/events), 0 …
                          max-connections - 1 (default: half of them); one more is answered 503, so the
                          other connections stay free for requests
      --memo-size BYTES   the most memory for remembered answers, shared by all connections (default 64M;
                          K, M, G for KiB, MiB, GiB; 0 remembers nothing). A page is remembered the second
                          time it is made, until the feed changes; the least asked give way (docs/HTTP.md)
      --db-connections N  the most database connections, for reads, writes and token uses together, 3 or
                          more (default: twice the threads or CPU cores, whichever are more, at least 4); a
                          request waits up to 5 s for a free one, then gets 503 (docs/RELIABILITY.md)
      --quiet             no request log but server errors' lines (else one line per request on stderr:
                          method, path, status, bytes, duration, a 5xx's request id and cause; never a
                          header, so never a token)
      --require-auth      every /v1 route needs Authorization: Bearer TOKEN (scope read or more; stackfeed
                          token create); without it only the /v1/me routes do, the others answer anyone
      --read-db URL       read the feed from this PostgreSQL database, e.g. a streaming replica of --db
                          (default $STACKFEED_READ_DB, else --db itself); --db is still migrated at start.
                          A replica lags its primary: a re-seed shows there a moment later (docs/STORAGE.md)
    The URL is printed on stderr at start. SIGINT (Ctrl-C) or SIGTERM stops it: requests in flight are
    answered, then the database is closed. Endpoints: docs/HTTP.md.
    """

  var host = "127.0.0.1"
  var port = 8080
  var threads = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  var maxConnections = 1024
  /// `--max-subscribers`; `nil`: half of the connections.
  var maxSubscribers: Int?
  /// `--memo-size`: the answer memo's budget in bytes.
  var memoSize = StoreLimits.defaultMemoBytes
  /// `--db-connections`; `nil`: the default for the threads.
  var connections: Int?
  var quiet = false
  var requireAuth = false
  /// `--read-db`: the database the feed is read from, when not the one `--db` names.
  var readDatabase: String?

  /// The most database connections open at once, reads, writes and the token-use log together (``StoreLimits``).
  private var databaseConnections: Int { connections ?? StoreLimits.defaultConnections(threads: threads) }

  init(parsing arguments: inout Arguments) throws(UsageError) {
    host = try arguments.option("--host") ?? host
    port = try arguments.integer("port", minimum: 0) ?? port
    guard port <= 65535 else { throw UsageError("--port takes a port number from 0 to 65535, not \(port)") }
    threads = try arguments.integer("threads", minimum: 0) ?? max(1, threads)
    guard threads <= 1024 else { throw UsageError("--threads takes 0 to 1024, not \(threads)") }
    maxConnections = try arguments.integer("max-connections", minimum: 1) ?? maxConnections
    guard maxConnections <= 65536 else {
      throw UsageError("--max-connections takes 1 to 65536, not \(maxConnections)")
    }
    maxSubscribers = try arguments.integer("max-subscribers", minimum: 0)
    if let maxSubscribers, maxSubscribers >= maxConnections {
      throw UsageError(
        "--max-subscribers takes 0 to \(maxConnections - 1) (fewer than --max-connections), not \(maxSubscribers)")
    }
    memoSize = try arguments.byteSize("memo-size", maximum: 1 << 40) ?? memoSize
    connections = try arguments.integer("db-connections", minimum: StoreLimits.fewestConnections, maximum: 10_000)
    quiet = arguments.flag("--quiet")
    requireAuth = arguments.flag("--require-auth")
    readDatabase = try arguments.option("--read-db")
  }

  func run(in context: CommandContext) throws {
    // Before anything else (the default database is created on first use): a machine without the library
    // gets one sentence naming the package, exit 74, and nothing changed.
    try HTTPServer.loadLibrary()
    let location = try readLocation(in: context)
    // Migrates the database, and creates and seeds the embedded default on first use, as `list` does.
    _ = try context.openDatabase(bootstrap: true)
    let database = context.location.name
    let path = location.name == database ? database : "\(database), feed read from \(location.name)"
    let environment = context.environment
    let limits = StoreLimits(memoBytes: memoSize, connections: databaseConnections)
    var api = FeedAPI(
      location: location, writeLocation: context.location, registry: context.registry,
      defaultZone: try context.timeZone(option: nil),
      zoneNamed: { ZoneInfo.named($0, environment: environment) }, limits: limits)
    api.requireAuth = requireAuth
    api.version = Stackfeed.version
    if let memoOff = api.checkMemo() { try context.note(memoOff) }
    // Token uses go to the database itself, also when the feed is read from a replica.
    let tokenUses = TokenUseLog(location: context.location)
    api.tokenUses = tokenUses
    // Blocked before the server's threads start, so they inherit the mask and only `sigwait` sees the signals.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    defer { pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil) }
    var configuration = try fittingDescriptors(
      HTTPServer.Configuration(host: host, port: port, threads: threads, connectionLimit: maxConnections),
      location: location, in: context)
    let quiet = quiet
    let log: @Sendable (HTTPExchange) -> Void = { exchange in
      // A server error's line (its request id and cause) is written even with --quiet.
      if !quiet || exchange.note != nil { AccessLog.write(exchange) }
    }
    // Event streams have their own budget within the connections (as fitted to the descriptors above).
    let subscribers = min(maxSubscribers ?? configuration.connectionLimit / 2, configuration.connectionLimit - 1)
    let changeStreams = ChangeStreams(location: context.location, streams: EventStreams(limit: subscribers))
    api.changeStreams = changeStreams
    changeStreams.start(composing: api)
    defer { changeStreams.stop() }
    // A write's body is read only once its head is admitted (its route, its token).
    configuration.admit = { [api] head in api.admission(of: head) }
    let server = try HTTPServer(
      configuration, onFinish: log, onIdle: { [api] in api.releaseIdleMemory() }, streams: changeStreams.streams,
      handler: { [api] request in api.respond(to: request) })
    // Weak: the server holds the API (its handler), which holds the metrics.
    api.metrics.countConnections { [weak server] in server?.openConnections ?? 0 }
    let shownHost = host.contains(":") ? "[\(host)]" : host
    let mode = threads == 0 ? "a thread per connection" : "\(threads) worker thread\(threads == 1 ? "" : "s")"
    let memo = memoSize == 0 ? "no answer memo" : "answer memo \(Self.spoken(bytes: memoSize))"
    try context.note(
      "serving http://\(shownHost):\(server.port)/ (database \(path), \(mode), \(limits.connections) database "
        + "connections at most, \(memo)); Ctrl-C stops")
    var received: Int32 = 0
    sigwait(&stopSignals, &received)
    try context.note("\(received == SIGINT ? "SIGINT" : "SIGTERM"): stopping after the requests in flight")
    server.stop()
    tokenUses.flush()
    try context.note("stopped")
  }

  /// `configuration` with its connection limit lowered to fit the file descriptor limit (raised first toward
  /// what it needs when the hard limit allows), saying so on stderr when it was lowered; an error when not one
  /// connection fits.
  private func fittingDescriptors(
    _ configuration: HTTPServer.Configuration, location: StoreLocation, in context: CommandContext
  ) throws -> HTTPServer.Configuration {
    let wanted = configuration.connectionLimit
    let database =
      ServeDescriptors.database(location, connections: databaseConnections)
      + (location.name == context.location.name ? 0 : ServeDescriptors.database(context.location, connections: 1))
    let kept = ServeDescriptors(
      openNow: DescriptorLimit.openNow(), server: configuration.serverDescriptors, database: database)
    let limit = DescriptorLimit.raised(toward: wanted + kept.reserved)
    let connections = kept.connections(wanted: wanted, under: limit)
    guard connections > 0 else {
      throw HTTPServerError(
        isAddressInUse: false,
        description: "the file descriptor limit (ulimit -n) is \(limit.current): too low to serve; the database, "
          + "the server's threads and the files open at start need \(kept.reserved), and each connection one more")
    }
    if connections < wanted {
      try context.note(
        "the file descriptor limit (ulimit -n) is \(limit.current): serving at most \(connections) connections at "
          + "once, not \(wanted) (\(kept.reserved) descriptors kept for the database, the server's threads and the "
          + "files open at start); more clients wait")
    }
    var fitted = configuration
    fitted.connectionLimit = connections
    return fitted
  }

  /// `bytes` as `--memo-size` could spell it: in the largest unit that divides it (`64 MiB`), else in bytes.
  static func spoken(bytes: Int) -> String {
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)] where bytes % size == 0 {
      return "\(bytes / size) \(unit)"
    }
    return "\(bytes) bytes"
  }

  /// Where the feed is read from: `--read-db`, else `$STACKFEED_READ_DB`, else the database itself. A read
  /// database must be PostgreSQL, as the database must be (a SQLite file has no replicas).
  private func readLocation(in context: CommandContext) throws -> StoreLocation {
    let database = context.location
    let name = readDatabase == nil ? "$STACKFEED_READ_DB" : "--read-db"
    guard let url = readDatabase ?? context.environment["STACKFEED_READ_DB"].flatMap({ $0.isEmpty ? nil : $0 })
    else { return database }
    let location = StoreLocation.resolve(option: url, environment: [:])
    guard location.dialect == .postgres else {
      throw UsageError("\(name) takes a postgres:// or postgresql:// URL, not \(url)")
    }
    guard database.dialect == .postgres else {
      throw UsageError("\(name) needs a PostgreSQL database for --db too, not the SQLite file \(database.path)")
    }
    return location
  }
}
