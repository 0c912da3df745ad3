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

  /// Seconds east of UTC in force at `time` (seconds since 1970).
  func secondsFromGMT(at time: Int64) -> Int {
    guard let daylight else { return standardOffset }
    // The latest switch at or before `time` among the years around it decides.
    let year = 1970 + Int(time.dividedRoundingDown(by: 31_556_952))
    var latest: (at: Int64, offset: Int)?
    for candidate in (year - 2)...(year + 2) {
      let starts =
        Int64(Self.days(daylight.start.day, in: candidate)) * 86_400
        + Int64(daylight.start.time - standardOffset)
      let ends = Int64(Self.days(daylight.end.day, in: candidate)) * 86_400 + Int64(daylight.end.time - daylight.offset)
      for (at, offset) in [(starts, daylight.offset), (ends, standardOffset)] where at <= time {
        if latest.map({ at >= $0.at }) ?? true { latest = (at, offset) }
      }
    }
    return latest?.offset ?? standardOffset
  }

  /// Days from 1970-01-01 to the switch's day in `year`.
  static func days(_ day: Day, in year: Int) -> Int {
    let newYear = daysFromCivil(year: year, month: 1, day: 1)
    switch day {
    case .julian(let n):
      return newYear + n - 1 + (isLeap(year) && n >= 60 ? 1 : 0)
    case .zeroBased(let n):
      return newYear + n
    case .monthWeekDay(let month, let week, let weekday):
      let first = daysFromCivil(year: year, month: month, day: 1)
      let firstWeekday = (first + 4).modulo(7)  // 1970-01-01 was a Thursday
      var day = (weekday - firstWeekday).modulo(7) + (week - 1) * 7
      while day >= monthLength(month, in: year) { day -= 7 }
      return first + day
    }
  }

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func monthLength(_ month: Int, in year: Int) -> Int {
    month == 2 ? (isLeap(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date; Howard Hinnant's `days_from_civil`
  /// (https://howardhinnant.github.io/date_algorithms.html).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension PosixZoneRule {
  /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`; nil when `text` is not such a rule.
  /// Without a `,rule`, daylight saving time follows the POSIX default (`M3.2.0,M11.1.0`).
  init?(_ text: String) {
    var scanner = RuleScanner(Array(text.utf8))
    guard scanner.name(), let standard = scanner.offset(maxHours: 24) else { return nil }
    standardOffset = -standard
    guard !scanner.isAtEnd else { return }
    guard scanner.name() else { return nil }
    var daylightOffset = standardOffset + 3600
    if let explicit = scanner.offset(maxHours: 24) { daylightOffset = -explicit }
    var start = Switch(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
    var end = Switch(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
    if scanner.take(UInt8(ascii: ",")) {
      guard let first = scanner.switchRule(), scanner.take(UInt8(ascii: ",")), let second = scanner.switchRule() else {
        return nil
      }
      (start, end) = (first, second)
    }
    guard scanner.isAtEnd else { return nil }
    daylight = Daylight(offset: daylightOffset, start: start, end: end)
  }
}

/// Reads the parts of a POSIX TZ rule.
private struct RuleScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { index == bytes.count }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func take(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    index += 1
    return true
  }

  /// A zone abbreviation: three or more letters, or `<…>` quoted (letters, digits, `+`, `-`).
  mutating func name() -> Bool {
    let start = index
    if take(UInt8(ascii: "<")) {
      while let byte = current, byte != UInt8(ascii: ">") { index += 1 }
      guard take(UInt8(ascii: ">")) else { return false }
      return index - start >= 5
    }
    while let byte = current, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { index += 1 }
    return index - start >= 3
  }

  /// `[+-]hh[:mm[:ss]]` in seconds (hours up to `maxHours`); nil, consuming nothing, when absent.
  mutating func offset(maxHours: Int) -> Int? {
    let start = index
    var sign = 1
    if take(UInt8(ascii: "-")) {
      sign = -1
    } else {
      _ = take(UInt8(ascii: "+"))
    }
    guard let hours = number(), hours <= maxHours else {
      index = start
      return nil
    }
    var seconds = hours * 3600
    for unit in [60, 1] {
      guard take(UInt8(ascii: ":")) else { break }
      guard let part = number(), part < 60 else {
        index = start
        return nil
      }
      seconds += part * unit
    }
    return sign * seconds
  }

  /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
  mutating func switchRule() -> PosixZoneRule.Switch? {
    let day: PosixZoneRule.Day
    if take(UInt8(ascii: "J")) {
      guard let n = number(), (1...365).contains(n) else { return nil }
      day = .julian(n)
    } else if take(UInt8(ascii: "M")) {
      guard let month = number(), (1...12).contains(month), take(UInt8(ascii: ".")), let week = number(),
        (1...5).contains(week), take(UInt8(ascii: ".")), let weekday = number(), (0...6).contains(weekday)
      else { return nil }
      day = .monthWeekDay(month: month, week: week, weekday: weekday)
    } else {
      guard let n = number(), (0...365).contains(n) else { return nil }
      day = .zeroBased(n)
    }
    var time = 7200
    if take(UInt8(ascii: "/")) {
      guard let explicit = offset(maxHours: 167) else { return nil }
      time = explicit
    }
    return PosixZoneRule.Switch(day: day, time: time)
  }

  /// Up to three decimal digits.
  private mutating func number() -> Int? {
    var value = 0
    var digits = 0
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 3 {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    return digits > 0 ? value : nil
  }
}

extension BinaryInteger {
  /// The remainder of a division rounded down (never negative for a positive divisor).
  fileprivate func modulo(_ divisor: Self) -> Self {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }

  /// The quotient rounded down.
  fileprivate func dividedRoundingDown(by divisor: Self) -> Self {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
