import FeedViewModels
import Foundation
import Testing

@Suite struct OrderDateFormatterTests {
  static func date(_ iso: String) -> Date {
    (try? Date(iso, strategy: .iso8601)) ?? .distantPast
  }

  @Test(arguments: [
    ("2021-07-06T12:00:00Z", "UTC", "06 Jul 21"),
    ("2021-07-06T23:30:00Z", "Asia/Tokyo", "07 Jul 21"),
    ("2021-07-06T02:00:00Z", "America/Los_Angeles", "05 Jul 21"),
    ("2021-01-01T00:30:00Z", "America/New_York", "31 Dec 20"),
    ("2000-02-29T12:00:00Z", "UTC", "29 Feb 00"),
    ("1969-12-31T23:59:59Z", "UTC", "31 Dec 69"),
    ("1999-12-31T23:00:00Z", "Europe/Paris", "01 Jan 00"),
    ("2024-03-10T10:00:00Z", "America/Chicago", "10 Mar 24"),
    ("2030-05-15T12:00:00Z", "Pacific/Kiritimati", "16 May 30"),
    ("2021-08-09T12:00:00Z", "UTC", "09 Aug 21"),
    ("2021-09-10T12:00:00Z", "UTC", "10 Sep 21"),
    ("2021-10-11T12:00:00Z", "UTC", "11 Oct 21"),
    ("2021-11-12T12:00:00Z", "UTC", "12 Nov 21"),
    ("2021-02-13T12:00:00Z", "UTC", "13 Feb 21"),
    ("2021-03-14T12:00:00Z", "UTC", "14 Mar 21"),
    ("2021-04-15T12:00:00Z", "UTC", "15 Apr 21"),
    ("2021-05-16T12:00:00Z", "UTC", "16 May 21"),
    ("2021-06-17T12:00:00Z", "UTC", "17 Jun 21"),
  ])
  func formatsDayMonthYearInTheGivenZone(iso: String, zone: String, expected: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    #expect(OrderDateFormatter(timeZone: timeZone).string(from: Self.date(iso)) == expected)
  }

  @Test func agreesWithAPosixDateFormatterOverManyInstants() throws {
    let zone = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
    let reference = DateFormatter()
    reference.locale = Locale(identifier: "en_US_POSIX")
    reference.timeZone = zone
    reference.dateFormat = "dd MMM yy"
    let formatter = OrderDateFormatter(timeZone: zone)
    var mismatches: [String] = []
    for step in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 7_777_777.7) {
      let date = Date(timeIntervalSince1970: step)
      if formatter.string(from: date) != reference.string(from: date) { mismatches.append("\(date)") }
    }
    #expect(mismatches.isEmpty)
  }

  /// A prefix is written before the date in the same string, whatever its length or script.
  @Test(arguments: ["", "Ordered on ", "x", "Commandé le ", String(repeating: "long prefix ", count: 4)])
  func prefixComesFirst(prefix: String) throws {
    let formatter = OrderDateFormatter(timeZone: try #require(TimeZone(identifier: "UTC")))
    let date = Self.date("2021-07-06T12:00:00Z")
    #expect(formatter.string(from: date, after: prefix) == prefix + "06 Jul 21")
  }
}
