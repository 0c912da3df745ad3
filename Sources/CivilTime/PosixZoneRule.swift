/// A POSIX TZ rule, as in the footer of a TZif file (RFC 8536 section 3.3): a standard offset and, optionally,
/// a daylight saving offset with the yearly rule switching between them.
///
///     PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3")   // Central Europe: +1 h, +2 h from March to October
///     PosixZoneRule("<+0330>-3:30")                  // a fixed +3:30 offset
struct PosixZoneRule: Hashable, Sendable {
  /// Seconds east of UTC outside daylight saving time.
  var standardOffset: Int
  /// Daylight saving time, when the zone has it.
  var daylight: Daylight?

  /// The daylight saving offset and the yearly switches to and from it.
  struct Daylight: Hashable, Sendable {
    /// Seconds east of UTC during daylight saving time.
    var offset: Int
    /// When daylight saving time starts, in local standard time.
    var start: Switch
    /// When it ends, in local daylight saving time.
    var end: Switch
  }

  /// A yearly switch: a day of the year and a local time of that day (seconds, may be negative or past 24 h).
  struct Switch: Hashable, Sendable {
    var day: Day
    var time: Int
  }

  /// How a switch's day is given.
  enum Day: Hashable, Sendable {
    /// `Jn`: day 1–365, February 29 never counted.
    case julian(Int)
    /// `n`: day 0–365, February 29 counted in leap years.
    case zeroBased(Int)
    /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1–5, 5 = the last) of month `m`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)
  }

  /// Seconds east of UTC in force at `instant` (seconds since 1970).
  func secondsFromUTC(at instant: Int64) -> Int {
    guard let daylight else { return standardOffset }
    // The latest switch at or before `instant` among the years around it decides.
    let year = 1970 + Int(instant.dividedRoundingDown(by: 31_556_952))  // the mean Gregorian year
    var latest: (at: Int64, offset: Int)?
    for candidate in (year - 2)...(year + 2) {
      let starts =
        Int64(Self.days(daylight.start.day, in: candidate)) * 86_400
        + Int64(daylight.start.time - standardOffset)
      let ends = Int64(Self.days(daylight.end.day, in: candidate)) * 86_400 + Int64(daylight.end.time - daylight.offset)
      for (at, offset) in [(starts, daylight.offset), (ends, standardOffset)] where at <= instant {
        if latest.map({ at >= $0.at }) ?? true { latest = (at, offset) }
      }
    }
    return latest?.offset ?? standardOffset
  }

  /// Days from 1970-01-01 to the switch's day in `year`.
  static func days(_ day: Day, in year: Int) -> Int {
    let newYear = CivilDate.daysSince1970(year: year, month: 1, day: 1)
    switch day {
    case .julian(let n):
      return newYear + n - 1 + (CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0)
    case .zeroBased(let n):
      return newYear + n
    case .monthWeekDay(let month, let week, let weekday):
      let first = CivilDate.daysSince1970(year: year, month: month, day: 1)
      var day = (weekday - CivilDate.weekday(daysSince1970: first)).modulo(7) + (week - 1) * 7
      while day >= CivilDate.daysIn(month: month, of: year) { day -= 7 }
      return first + day
    }
  }
}
