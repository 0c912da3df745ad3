/// A time zone read from a TZif file of the system's time zone database (RFC 8536; `/usr/share/zoneinfo`):
/// its transitions, and the POSIX TZ rule (``PosixZoneRule``) for instants after the last one.
///
/// The `stackfeed` command and server use it instead of Foundation's `TimeZone(identifier:)`, which on Linux
/// needs FoundationInternationalization and ICU (about half of a short command's start-up) just to learn
/// offsets.
///
///     let paris = ZoneInfo.named("Europe/Paris")
///     paris?.secondsFromUTC(at: 1_625_572_800)   // 7200
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

  /// Seconds east of UTC in force at `instant` (whole seconds since 1970-01-01T00:00:00Z).
  public func secondsFromUTC(at instant: Int64) -> Int {
    guard let last = transitions.last else { return rule?.secondsFromUTC(at: instant) ?? Int(initialOffset) }
    if instant >= last, let rule { return rule.secondsFromUTC(at: instant) }
    guard instant >= transitions[0] else { return Int(initialOffset) }
    // The last transition at or before `instant`.
    var low = 0
    var high = transitions.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
    }
    return Int(offsets[low])
  }
}
