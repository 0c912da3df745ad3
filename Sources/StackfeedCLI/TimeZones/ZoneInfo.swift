import FeedPlugins

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A time zone read from a TZif file of the system's time zone database (RFC 8536; `/usr/share/zoneinfo`):
/// its transitions, and the POSIX TZ rule (``PosixZoneRule``) for instants after the last one.
///
/// The `stackfeed` command uses it instead of Foundation's `TimeZone(identifier:)`, which on Linux needs
/// FoundationInternationalization and ICU (about half of a short command's start-up) just to learn offsets.
///
///     let paris = ZoneInfo.named("Europe/Paris")
///     paris?.secondsFromGMT(for: Date(timeIntervalSince1970: 1_625_572_800))   // 7200
public struct ZoneInfo: UTCOffsetSource, Hashable {
  /// The zone's name: `Europe/Paris`, or `localtime` for an unnamed system zone.
  public let identifier: String
  /// Transition instants (seconds since 1970, increasing).
  let transitions: [Int64]
  /// The offset in force from each transition on.
  let offsets: [Int32]
  /// The offset before the first transition (RFC 8536: the first time type).
  let initialOffset: Int32
  /// The rule after the last transition (the file's footer), if any.
  let rule: PosixZoneRule?

  /// UTC, the zone used when nothing else is known.
  public static let utc = ZoneInfo(identifier: "UTC", transitions: [], offsets: [], initialOffset: 0, rule: nil)

  /// Seconds east of UTC in force at `date`.
  public func secondsFromGMT(for date: Date) -> Int {
    let time = Int64(date.timeIntervalSince1970.rounded(.down))
    guard let last = transitions.last else { return rule?.secondsFromGMT(at: time) ?? Int(initialOffset) }
    if time >= last, let rule { return rule.secondsFromGMT(at: time) }
    guard time >= transitions[0] else { return Int(initialOffset) }
    // The last transition at or before `time`.
    var low = 0
    var high = transitions.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle] <= time { low = middle } else { high = middle - 1 }
    }
    return Int(offsets[low])
  }
}

extension ZoneInfo {
  /// The folder of the time zone database: `$TZDIR`, else `/usr/share/zoneinfo`.
  static func databaseFolder(environment: [String: String]) -> String {
    environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
  }

  /// The zone called `name` in the time zone database (`Europe/Paris`, `UTC`, `Etc/GMT-3`), or nil when the
  /// database has no such zone. `UTC` and `GMT` are known even without a database.
  public static func named(_ name: String, environment: [String: String] = [:]) -> ZoneInfo? {
    let isPlainName =
      !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
      && !name.utf8.contains(0)
    if isPlainName, let bytes = readFile(databaseFolder(environment: environment) + "/" + name),
      let zone = ZoneInfo(identifier: name, tzif: bytes)
    {
      return zone
    }
    guard name == "UTC" || name == "GMT" else { return nil }
    return ZoneInfo(identifier: name, transitions: [], offsets: [], initialOffset: 0, rule: nil)
  }

  /// The system's zone: the file `/etc/localtime` (named after the database file it links to), else UTC.
  public static func system(localtime: String = "/etc/localtime") -> ZoneInfo {
    guard let bytes = readFile(localtime), let zone = ZoneInfo(identifier: systemName(localtime), tzif: bytes)
    else { return .utc }
    return zone
  }

  /// `Europe/Paris` when `/etc/localtime` links to `…/zoneinfo/Europe/Paris`, else `localtime`.
  private static func systemName(_ path: String) -> String {
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return "localtime" }
    let parts = target.split(separator: "/")
    guard let folder = parts.lastIndex(of: "zoneinfo"), folder + 1 < parts.count else { return "localtime" }
    return parts[(folder + 1)...].map(String.init).plainJoined(separator: "/")
  }

  private static func readFile(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
  }
}
