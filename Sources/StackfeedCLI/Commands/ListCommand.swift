import FeedOptions
import FeedPlugins

/// `stackfeed list`: prints the composed feed rows in feed order, streaming, optionally one page at a time.
struct ListCommand: Command {
  static let name = "list"
  static let summary = "prints the feed rows in feed order (text or JSON), streaming"
  static let usage =
    "stackfeed list [--format text|json] [--limit N] [--after CURSOR] [--time-zone ZONE] [--user ID] [--db PATH]"
  static let help = """
      --format text|json  text for people (default), JSON for programs: {"rows": [...], "next": CURSOR|null}
      --limit N           print at most N rows (N ≥ 1); "next" is then the cursor of the following page
      --after CURSOR      start after the row a previous page's "next" cursor names
      --time-zone ZONE    IANA zone for dates, e.g. Europe/Paris (else $TZ, else the system zone)
      --user ID           the user whose feed it is: their header and latest order (else $STACKFEED_USER,
                          else default); an unknown user exits 67
    """

  /// `--format`, when given.
  var format: String?
  var limit: Int?
  var cursor: FeedCursor?
  var timeZone: String?
  /// `--user`, when given.
  var user: String?

  init(parsing arguments: inout Arguments) throws(UsageError) {
    format = try arguments.choice("format", among: ["text", "json"])
    limit = try arguments.pageLimit()
    cursor = try arguments.cursor()
    timeZone = try arguments.timeZoneName()
    user = try arguments.option("--user")
  }

  func run(in context: CommandContext) throws {
    let viewer = context.viewer(option: user)
    let rowContext = try context.rowContext(timeZoneOption: timeZone, viewer: viewer)
    let database = try context.openDatabase(bootstrap: true).database
    try context.checkViewer(viewer, in: database)
    let composer = FeedComposer(registry: context.registry, database: database, context: rowContext)
    let output = context.output
    var rows = 0
    if format == "json" {
      var writer = JSONRowWriter()
      let next = try composer.compose(after: cursor, limit: limit) { row in
        rows += 1
        try output.append { writer.write(row, to: &$0) }
      }
      try output.append { writer.finish(next: next, to: &$0) }
    } else {
      let writer = TextRowWriter(output: output)
      let next = try composer.compose(after: cursor, limit: limit) { row in
        rows += 1
        try writer.write(row)
      }
      try writer.finish(next: next) { context.commandLine(nextPage(after: $0)) }
    }
    if rows == 0 { try context.noteEmptyFeed(after: cursor) }
  }

  /// The arguments that list the page after `next` the way this page was listed.
  func nextPage(after next: FeedCursor) -> [String] {
    var arguments = ["list"]
    if let format { arguments += ["--format", format] }
    if let limit { arguments += ["--limit", String(limit)] }
    if let timeZone { arguments += ["--time-zone", timeZone] }
    if let user { arguments += ["--user", user] }
    return arguments + ["--after", "\(next)"]
  }
}
