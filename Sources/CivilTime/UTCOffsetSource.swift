/// A time zone as dates need it: a name, and the offset from UTC in force at each instant.
///
/// ``ZoneInfo`` (a zone of the system's time zone database) is one; FeedViewModels makes Foundation's
/// `TimeZone` one too (what an app passes).
///
///     let paris = ZoneInfo.named("Europe/Paris")
///     paris?.secondsFromUTC(at: 1_625_572_800)   // 7200: daylight saving time in July
///     paris?.civilDate(at: 1_625_572_800)        // 2021-07-06
public protocol UTCOffsetSource: Sendable {
  /// The zone's name, e.g. `Europe/Paris`.
  var identifier: String { get }
  /// Seconds east of UTC in force at `instant` (whole seconds since 1970-01-01T00:00:00Z), daylight saving
  /// time included.
  func secondsFromUTC(at instant: Int64) -> Int
}

extension UTCOffsetSource {
  /// The calendar day in this zone at `instant` (whole seconds since 1970-01-01T00:00:00Z).
  public func civilDate(at instant: Int64) -> CivilDate {
    let localSeconds = instant + Int64(secondsFromUTC(at: instant))
    return CivilDate(daysSince1970: Int(localSeconds.dividedRoundingDown(by: 86_400)))
  }
}
