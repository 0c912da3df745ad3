import FeedOptions
import FeedPlugins
import FeedStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stackfeed watch`: prints the changes of a user's feed as they are committed, by any process writing the same
/// database (a `serve`, a `seed`, a server on another machine), until SIGINT or SIGTERM (docs/CLI.md).
struct WatchCommand: Command {
  static let name = "watch"
  static let summary = "prints the changes of the feed as they are committed, by any process, until Ctrl-C"
  static let usage =
    "stackfeed watch [--user ID] [--since V] [--format text|json] [--width W] [--time-zone ZONE] [--db PATH]"
  static let help = """
      --user ID           the user whose feed it is: everyone's changes and theirs (else $STACKFEED_USER, else
                          default); an unknown user exits 67
      --since V           first print the changes after the version V (0: all the log keeps), then the new ones;
                          without it, only the changes committed from now on. A V the log no longer holds exits 65
      --format text|json  text: one line a change, VERSION OP KIND ID (default); json: one change object a line,
                          {"version", "op", "kind", "id", "row"} as GET /v1/me/changes gives it
      --width W           json: the width the rows are laid out at (default 390)
      --time-zone ZONE    json: IANA zone for the rows' dates (else $TZ, else the system zone)
      A commit is printed at most 25 ms after it on SQLite (the file is polled), on PostgreSQL as soon as its
      notification arrives. SIGINT (Ctrl-C) or SIGTERM ends it, exit 0.
    """

  var user: String?
  var since: UInt64?
  var json = false
  var width = LayoutWidth.standard
  var timeZone: String?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    user = try arguments.option("--user")
    if let text = try arguments.option("--since") {
      guard let version = UInt64(text), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        throw UsageError("--since takes a version (digits), not \"\(text)\"")
      }
      since = version
    }
    json = try arguments.choice("format", among: ["text", "json"]) == "json"
    width = try arguments.width() ?? width
    timeZone = try arguments.timeZoneName()
  }

  func run(in context: CommandContext) throws {
    let viewer = context.viewer(option: user) ?? RowContext.defaultViewer
    let rowContext = try context.rowContext(timeZoneOption: timeZone, viewer: viewer)
    let database = try context.openDatabase(bootstrap: true).database
    try context.checkViewer(viewer, in: database)
    let watch = try CommitWatch(context.location)
    let writer = ChangeWriter(registry: context.registry, context: rowContext, width: width)
    // Blocked, so that they end the loop below instead of the process.
    var stopSignals = sigset_t()
    sigemptyset(&stopSignals)
    sigaddset(&stopSignals, SIGINT)
    sigaddset(&stopSignals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
    defer { pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil) }
    var version = try since ?? watch.newest()
    while !Self.received(stopSignals) {
      version = try printChanges(after: version, for: viewer, with: writer, from: database, to: context.output)
      _ = try watch.wait(past: version, timeout: Self.signalCheck)
    }
  }

  /// How long a wait for a commit lasts before the signals are looked at again: how late Ctrl-C may end it.
  static let signalCheck = Duration.milliseconds(200)

  /// Prints every change after `version` that `viewer`'s feed may show, each read with its row in one snapshot
  /// per page; the version to wait past next.
  private func printChanges(
    after version: UInt64, for viewer: String, with writer: ChangeWriter, from database: StoreConnection,
    to output: Output
  ) throws -> UInt64 {
    var version = version
    while true {
      let (page, lines) = try database.read {
        let page = try ChangeLog.changes(after: version, visibleTo: viewer, limit: 100, in: database)
        return (page, try page.changes.map { try line(for: $0, with: writer, in: database) })
      }
      for line in lines { try output.write(line) }
      try output.flush()
      version = page.next
      guard page.changes.count == 100 else { return version }
    }
  }

  /// The line printed for `change`: its JSON object, or `VERSION OP KIND ID` (`VERSION reload`).
  private func line(for change: LoggedChange, with writer: ChangeWriter, in database: StoreConnection) throws
    -> String
  {
    if json { return String(decoding: try writer.json(change, in: database), as: UTF8.self) + "\n" }
    let op = try writer.operation(of: change, in: database)
    let fields = [String(change.version), op.rawValue, change.change.kind, change.change.id]
    return fields.compactMap { $0 }.joined(separator: " ") + "\n"
  }

  /// Whether SIGINT or SIGTERM (blocked in `signals`) is pending; takes it.
  private static func received(_ signals: sigset_t) -> Bool {
    var signals = signals
    var none = timespec(tv_sec: 0, tv_nsec: 0)
    return sigtimedwait(&signals, nil, &none) > 0
  }
}
