import Testing

@testable import CivilTime

@Suite struct CivilDateTests {
  @Test(arguments: [
    (1970, 1, 1, 0), (1969, 12, 31, -1), (2021, 7, 6, 18_814), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
    (1900, 2, 28, -25_509), (1900, 3, 1, -25_508), (1600, 2, 29, -135_081), (2100, 3, 1, 47_541),
    (1, 1, 1, -719_162), (0, 12, 31, -719_163), (0, 2, 29, -719_469), (0, 3, 1, -719_468),
    (-1, 12, 31, -719_529), (-4, 2, 29, -720_930), (-100, 3, 1, -755_993), (-400, 2, 29, -865_566),
    (9999, 12, 31, 2_932_896), (275_760, 9, 13, 100_000_000),
  ])
  func knownDatesAndTheirDayCounts(year: Int, month: Int, day: Int, days: Int) throws {
    let date = try #require(CivilDate(year: year, month: month, day: day))
    #expect(date.daysSince1970 == days)
    #expect(CivilDate(daysSince1970: days) == date)
  }

  /// Every day from 801 BC to AD 2801 (the end of one 400-year era to well into another, with every leap rule
  /// on both sides of year 0): each count names a valid date, the next count the next day, and back.
  @Test func everyDayRoundTripsAndFollowsTheDayBefore() {
    let first = CivilDate.daysSince1970(year: -800, month: 1, day: 1)
    let last = CivilDate.daysSince1970(year: 2800, month: 12, day: 31)
    var previous = CivilDate(daysSince1970: first - 1)
    var failures: [String] = []
    for days in first...last {
      let date = CivilDate(daysSince1970: days)
      if date.daysSince1970 != days || CivilDate(year: date.year, month: date.month, day: date.day) != date {
        failures.append("\(days) → \(date)")
      }
      if date != Self.dayAfter(previous) { failures.append("\(days): \(date) after \(previous)") }
      previous = date
      if failures.count > 10 { break }
    }
    #expect(failures.isEmpty)
  }

  /// The day after `date`, counted the slow way.
  static func dayAfter(_ date: CivilDate) -> CivilDate? {
    if date.day < CivilDate.daysIn(month: date.month, of: date.year) {
      return CivilDate(year: date.year, month: date.month, day: date.day + 1)
    }
    return date.month < 12
      ? CivilDate(year: date.year, month: date.month + 1, day: 1) : CivilDate(year: date.year + 1, month: 1, day: 1)
  }

  @Test(arguments: [
    (2024, true), (2023, false), (2000, true), (1900, false), (1600, true), (1700, false), (2100, false),
    (0, true), (-4, true), (-1, false), (-100, false), (-400, true),
  ])
  func leapYears(year: Int, isLeap: Bool) {
    #expect(CivilDate.isLeapYear(year) == isLeap)
    #expect((CivilDate(year: year, month: 2, day: 29) != nil) == isLeap)
  }

  @Test(arguments: [
    (2021, 2, 29), (2021, 4, 31), (2021, 13, 1), (2021, 0, 1), (2021, 1, 0), (2021, 1, 32), (1900, 2, 29),
  ])
  func impossibleDatesAreNotDates(year: Int, month: Int, day: Int) {
    #expect(CivilDate(year: year, month: month, day: day) == nil)
  }

  @Test(arguments: [(0, 4), (-1, 3), (3, 0), (10, 0), (-719_468, 3), (18_814, 2)])
  func weekdays(days: Int, weekday: Int) {
    #expect(CivilDate.weekday(daysSince1970: days) == weekday)
  }

  @Test(arguments: [(7, 2, 3, 1), (-7, 2, -4, 1), (-1, 86_400, -1, 86_399), (-86_400, 86_400, -1, 0), (0, 5, 0, 0)])
  func divisionRoundsDown(value: Int, divisor: Int, quotient: Int, remainder: Int) {
    #expect(value.dividedRoundingDown(by: divisor) == quotient)
    #expect(value.modulo(divisor) == remainder)
    #expect(Int64(value).dividedRoundingDown(by: Int64(divisor)) == Int64(quotient))
  }
}
