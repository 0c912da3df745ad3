import Testing

@testable import CivilTime

/// The POSIX TZ rules of TZif footers, on their own.
@Suite struct PosixZoneRuleTests {
  /// 2021-07-01 and 2021-01-01, 12:00 UTC.
  static let july = Int64(1_625_140_800)
  static let january = Int64(1_609_502_400)

  @Test(arguments: [
    ("UTC0", 0, 0), ("CET-1CEST,M3.5.0,M10.5.0/3", 7200, 3600), ("EST5EDT,M3.2.0,M11.1.0", -14_400, -18_000),
    ("AEST-10AEDT,M10.1.0,M4.1.0/3", 36_000, 39_600), ("<+0545>-5:45", 20_700, 20_700),
    ("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", -7200, -10_800), ("IST-1GMT0,M10.5.0,M3.5.0/1", 3600, 0),
    ("EST5EDT", -14_400, -18_000), ("XXX-3YYY,J1/0,J365/25", 14_400, 14_400),
    ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", 45_900, 49_500), ("AAA+1:30:15", -5415, -5415),
    ("NNN-2MMM,60/2,300/2", 10_800, 7200),
  ])
  func offsetsInJulyAndJanuary(rule text: String, july: Int, january: Int) throws {
    let rule = try #require(PosixZoneRule(text))
    #expect(rule.secondsFromUTC(at: Self.july) == july)
    #expect(rule.secondsFromUTC(at: Self.january) == january)
  }

  @Test(arguments: ["", "CE", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "<+05", "CET-1,", "CET-1 "])
  func malformedRulesAreRefused(text: String) {
    #expect(PosixZoneRule(text) == nil)
  }

  /// The day each kind of switch names, as a calendar date.
  @Test(arguments: [
    (PosixZoneRule.Day.monthWeekDay(month: 3, week: 5, weekday: 0), 2021, 3, 28),
    (.monthWeekDay(month: 10, week: 5, weekday: 0), 2021, 10, 31),
    (.monthWeekDay(month: 3, week: 2, weekday: 0), 2021, 3, 14),
    (.monthWeekDay(month: 11, week: 1, weekday: 0), 2021, 11, 7),
    (.monthWeekDay(month: 2, week: 5, weekday: 4), 2024, 2, 29),
    (.monthWeekDay(month: 2, week: 5, weekday: 4), 2023, 2, 23),
    (.monthWeekDay(month: 1, week: 1, weekday: 5), 1, 1, 5),
    (.julian(59), 2024, 2, 28), (.julian(60), 2024, 3, 1), (.julian(60), 2023, 3, 1), (.julian(365), 2024, 12, 31),
    (.zeroBased(59), 2024, 2, 29), (.zeroBased(59), 2023, 3, 1), (.zeroBased(365), 2024, 12, 31),
    (.zeroBased(0), -1, 1, 1),
  ])
  func switchDays(day: PosixZoneRule.Day, year: Int, month: Int, dayOfMonth: Int) throws {
    let expected = try #require(CivilDate(year: year, month: month, day: dayOfMonth))
    #expect(CivilDate(daysSince1970: PosixZoneRule.days(day, in: year)) == expected)
  }

  /// Around Central Europe's 2021 switches (28 March and 31 October, 01:00 UTC), to the second.
  @Test(arguments: [
    (Int64(1_616_893_199), 3600), (1_616_893_200, 7200), (1_635_641_999, 7200), (1_635_642_000, 3600),
  ])
  func switchesAtTheExactSecond(instant: Int64, offset: Int) throws {
    let rule = try #require(PosixZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
    #expect(rule.secondsFromUTC(at: instant) == offset)
  }
}
