import SQLCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the database is: `--db`, else `$STACKFEED_DB`, else the embedded default
/// `$XDG_DATA_HOME/stackfeed/stackfeed.sqlite` (`~/.local/share/stackfeed/stackfeed.sqlite` when
/// `XDG_DATA_HOME` is unset, empty or relative, as the XDG Base Directory spec says). A `postgres://` or
/// `postgresql://` URL names a PostgreSQL database instead of a SQLite file.
///
///     let location = StoreLocation.resolve(option: nil, environment: ProcessInfo.processInfo.environment)
///     if location.isEmbeddedDefault { … bootstrap it … }
public struct StoreLocation: Sendable, Hashable {
  /// Which rule chose the path.
  public enum Source: Sendable, Hashable {
    /// The `--db` option.
    case option
    /// The `STACKFEED_DB` environment variable.
    case environment
    /// The embedded default under the XDG data folder.
    case embeddedDefault
  }

  /// The database file's path, or the PostgreSQL URL as given (password included: print ``name`` instead).
  public let path: String
  /// Which rule chose it.
  public let source: Source

  /// True for the embedded default database (the one `list` creates and seeds when it is missing).
  public var isEmbeddedDefault: Bool { source == .embeddedDefault }

  /// The backend the location names: PostgreSQL for a `postgres://` or `postgresql://` URL (any case), else
  /// SQLite.
  public var dialect: SQLDialect {
    let scheme = path.prefix(13).lowercased()
    return scheme.hasPrefix("postgres://") || scheme.hasPrefix("postgresql://") ? .postgres : .sqlite
  }

  /// The location for messages: the file's path, or the URL without its password
  /// (`postgres://feed@db.example/stackfeed`).
  public var name: String {
    dialect == .postgres ? Self.withoutPassword(path) : path
  }

  /// `url` with the password left out of its user part and its query (`password=`).
  static func withoutPassword(_ url: String) -> String {
    guard let schemeEnd = url.firstRange(of: "://") else { return url }
    let rest = url[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
      authority = authority[..<colon] + authority[at...]
    }
    var tail = String(rest[authorityEnd...])
    if let query = tail.firstIndex(of: "?") {
      let pairs = tail[tail.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
      let kept = pairs.filter { !$0.lowercased().hasPrefix("password=") }
      tail = String(tail[..<query]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
    return String(url[..<schemeEnd.upperBound]) + authority + tail
  }

  /// Resolves the path from the `--db` value (nil when absent) and the environment, which is passed in.
  /// Empty values count as unset. Without `HOME` (cron, `env -i`) `~` is `accountHome`, the account's home
  /// folder from the password database; only when that is unknown too does it fall back to the current folder.
  public static func resolve(
    option: String?, environment: [String: String], accountHome: @autoclosure () -> String? = accountHome()
  ) -> StoreLocation {
    if let option, !option.isEmpty { return StoreLocation(path: option, source: .option) }
    if let path = environment["STACKFEED_DB"], !path.isEmpty { return StoreLocation(path: path, source: .environment) }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else {
      let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? accountHome() ?? "."
      dataHome = join(home, ".local/share")
    }
    return StoreLocation(path: join(dataHome, "stackfeed/stackfeed.sqlite"), source: .embeddedDefault)
  }

  /// The current account's home folder (Foundation's, from the password database when `$HOME` is unset), or nil
  /// when it is not an absolute path.
  public static func accountHome() -> String? {
    let path = FileManager.default.homeDirectoryForCurrentUser.path
    return path.hasPrefix("/") ? path : nil
  }

  private static func join(_ folder: String, _ relative: String) -> String {
    folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
  }
}
