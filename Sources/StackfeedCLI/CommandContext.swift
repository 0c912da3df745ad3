import CivilTime
import FeedOptions
import FeedPlugins
import FeedStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a running command can use: the environment, the global options, stdout and stderr, the row plugins.
public final class CommandContext {
  /// The process environment (passed in, so tests control it).
  public let environment: [String: String]
  /// The global `--db` value, if given.
  public let databaseOption: String?
  /// Standard output (buffered; the runner flushes it).
  public let output: Output
  /// Standard error (buffered; flushed after each message).
  public let errors: Output
  /// The row plugins of the feed.
  public let registry: PluginRegistry
  /// How this process was started (its first argument), to tell the user a command to paste.
  public let program: String

  /// Creates a context.
  public init(
    environment: [String: String], databaseOption: String?, output: Output, errors: Output, registry: PluginRegistry,
    program: String = "stackfeed"
  ) {
    self.environment = environment
    self.databaseOption = databaseOption
    self.output = output
    self.errors = errors
    self.registry = registry
    self.program = program
  }

  /// A command line that runs this program on the same database with `arguments`, quoted for a POSIX shell:
  /// `/path/to/stackfeed list --db /tmp/big.sqlite --limit 20`. A PostgreSQL URL is shown without its password
  /// (libpq reads it from `$PGPASSWORD` or `~/.pgpass`).
  public func commandLine(_ arguments: [String]) -> String {
    let database = databaseOption.map { _ in ["--db", location.name] } ?? []
    let words = [program] + arguments.prefix(1) + database + arguments.dropFirst()
    return words.map(\.shellWord).plainJoined(separator: " ")
  }

  /// Where the database is: `--db`, else `$STACKFEED_DB`, else the embedded default (a file path, or a
  /// PostgreSQL URL).
  public var location: StoreLocation {
    StoreLocation.resolve(option: databaseOption, environment: environment)
  }

  /// Writes `stackfeed: <message>` on stderr at once.
  public func note(_ message: String) throws {
    try errors.write("stackfeed: \(message)\n")
    try errors.flush()
  }

  /// Says on stderr that a listing found no rows: the database holds no feed, or nothing follows `cursor`.
  public func noteEmptyFeed(after cursor: FeedCursor? = nil) throws {
    if let cursor {
      try note("no rows after the cursor \(cursor): the feed in \(location.name) ends before it")
    } else {
      try note("the feed in \(location.name) is empty (to load the reference feed: \(commandLine(["seed"])))")
    }
  }

  /// Opens the database and applies pending migrations. With `bootstrap`, a missing embedded default database
  /// is created and seeded from the bundled seeds (saying so on stderr); a missing `--db`/`$STACKFEED_DB` file
  /// is an error (exit 66) rather than a new empty file. A PostgreSQL database must exist (its tables are
  /// created by the migrations); a server that cannot be reached or refuses the login is exit 74.
  public func openDatabase(bootstrap: Bool) throws -> FeedDatabase {
    let location = location
    if bootstrap && location.dialect == .sqlite && !location.isEmbeddedDefault && access(location.path, F_OK) != 0 {
      throw StoreError(path: location.path, problem: "no database here (to create it: \(commandLine(["seed"])))")
    }
    let store = try FeedDatabase.open(location: location, migrations: registry.migrations, now: Date.init)
    if bootstrap && store.wasCreated && location.isEmbeddedDefault {
      try Seeder(registry: registry).seed(
        SeedFiles(registry.defaultSeedFolder.files), into: store.database, reset: false)
      try note("created \(location.path) and seeded it with the bundled reference feed")
    }
    return store
  }

  /// The formatting context for dates in ``timeZone(option:)``, composed for `viewer` (the user `default` when
  /// `nil`); the system zone, when it is the one, is only read if a date is shown.
  public func rowContext(timeZoneOption option: String?, viewer: String? = nil) throws(UsageError) -> RowContext {
    let viewer = viewer ?? RowContext.defaultViewer
    if option == nil && environment["TZ"] == nil {
      return RowContext(resolvingTimeZone: { ZoneInfo.system() }, viewer: viewer)
    }
    return RowContext(timeZone: try timeZone(option: option), viewer: viewer)
  }

  /// The user a feed is shown to: `--user`, else `$STACKFEED_USER`, else `nil` (the user `default`, unchecked:
  /// a database without that user shows a feed without a header, as it always did). Empty values count as
  /// absent.
  public func viewer(option: String?) -> String? {
    if let option, !option.isEmpty { return option }
    if let user = environment["STACKFEED_USER"], !user.isEmpty { return user }
    return nil
  }

  /// Throws ``UnknownUser`` (exit 67) when `viewer` is given and not a user of `database`.
  public func checkViewer(_ viewer: String?, in database: StoreConnection) throws {
    if let viewer { _ = try Users(database).require(id: viewer) }
  }

  /// The time zone for dates: `--time-zone` (an IANA name), else `$TZ`, else the system zone (`/etc/localtime`).
  /// Names are looked up in the system's time zone database (CivilTime's `ZoneInfo`).
  public func timeZone(option: String?) throws(UsageError) -> ZoneInfo {
    if let option {
      guard let zone = ZoneInfo.named(option, environment: environment) else {
        throw UsageError(UnknownTimeZone(name: option).description)
      }
      return zone
    }
    if let tz = environment["TZ"],
      let zone = ZoneInfo.named(tz.hasPrefix(":") ? String(tz.dropFirst()) : tz, environment: environment)
    {
      return zone
    }
    return ZoneInfo.system()
  }
}
