/// A day of the proleptic Gregorian calendar (the Gregorian rules carried back before 1582), counted in days
/// since 1970-01-01 and back.
///
/// Years are astronomical: year 0 is 1 BC, year -1 is 2 BC. The arithmetic is Howard Hinnant's
/// `days_from_civil` and `civil_from_days` (https://howardhinnant.github.io/date_algorithms.html).
///
///     CivilDate(daysSince1970: 18_814)                          // 2021-07-06
///     CivilDate(year: 2000, month: 2, day: 29)?.daysSince1970   // 11_016
///     CivilDate(year: 2021, month: 2, day: 29)                  // nil: 2021 is not a leap year
public struct CivilDate: Hashable, Sendable {
  /// The year; 0 is 1 BC.
  public let year: Int
  /// The month, 1 (January) to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// The date, or nil when `month` is not 1–12 or `day` is not a day of that month in that year.
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), (1...Self.daysIn(month: month, of: year)).contains(day) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `days` days after 1970-01-01 (before it when negative).
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468  // days since 0000-03-01, the start of a 400-year era
    let era = shifted.dividedRoundingDown(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // from March 1
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0 = March
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days from 1970-01-01 to this date (negative before it).
  public var daysSince1970: Int {
    Self.daysSince1970(year: year, month: month, day: day)
  }

  /// Days from 1970-01-01 to a valid date (negative before it).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let marchYear = month <= 2 ? year - 1 : year  // years begin on March 1, so February 29 is a year's last day
    let era = marchYear.dividedRoundingDown(by: 400)
    let yearOfEra = marchYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Whether `year` has a February 29: every fourth year, except centuries not divisible by 400.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days of `month` (1–12) in `year`.
  public static func daysIn(month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The day of the week of the day `days` days after 1970-01-01: 0 is Sunday, 6 Saturday.
  static func weekday(daysSince1970 days: Int) -> Int {
    (days + 4).modulo(7)  // 1970-01-01 was a Thursday
  }
}
