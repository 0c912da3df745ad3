import CivilTime
import FeedViewModels
import Foundation
import Testing

/// Foundation's `TimeZone` as CivilTime's `UTCOffsetSource`, and docs/LIBRARIES.md's example of the calendar.
@Suite struct TimeZoneOffsetTests {
  @Test(arguments: [
    ("Europe/Paris", Int64(1_625_572_800), 7200), ("Europe/Paris", 1_609_502_400, 3600),
    ("America/New_York", 1_615_705_199, -18_000), ("America/New_York", 1_615_705_200, -14_400),
    ("Asia/Kolkata", -1, 19_800), ("UTC", 0, 0),
  ])
  func offsetsAreFoundationsOwn(name: String, instant: Int64, offset: Int) throws {
    let zone = try #require(TimeZone(identifier: name))
    #expect(zone.secondsFromUTC(at: instant) == offset)
    #expect(zone.secondsFromUTC(at: instant) == zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
  }

  @Test func theLibrariesExampleGivesWhatItSays() throws {
    let paris = TimeZone(identifier: "Europe/Paris") ?? .gmt
    #expect(OrderDateFormatter(timeZone: paris).string(from: Date(timeIntervalSince1970: 1_625_572_800)) == "06 Jul 21")
    #expect(ISO8601Instant("2021-07-06T14:00:00+02:00")?.secondsSince1970 == 1_625_572_800)
    #expect(ISO8601Instant("2021-02-29T12:00:00Z") == nil)
    #expect(paris.civilDate(at: 1_625_572_800) == CivilDate(year: 2021, month: 7, day: 6))
  }
}
