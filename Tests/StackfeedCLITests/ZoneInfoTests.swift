import Foundation
import Testing

@testable import StackfeedCLI

/// `ZoneInfo` (the CLI's reader of the system time zone database) against Foundation's ICU-backed `TimeZone`.
@Suite struct ZoneInfoTests {
  static let zones = [
    "UTC", "Europe/Paris", "Europe/London", "America/New_York", "America/Los_Angeles", "America/Sao_Paulo",
    "America/St_Johns", "Asia/Tokyo", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Sydney", "Australia/Lord_Howe",
    "Pacific/Auckland", "Pacific/Chatham", "Pacific/Kiritimati", "Africa/Casablanca", "Etc/GMT+5",
  ]

  /// Every 7,777,777 s (about 90 days, drifting through the hours) from 1970 to 2100, past the files'
  /// last transition (2037), where the footer's POSIX rule takes over.
  @Test(arguments: zones)
  func offsetsAgreeWithFoundationFrom1970To2100(name: String) throws {
    let zone = try #require(ZoneInfo.named(name))
    let reference = try #require(TimeZone(identifier: name))
    var mismatches: [String] = []
    for time in stride(from: 0.0, to: 4_102_444_800, by: 7_777_777) {
      let date = Date(timeIntervalSince1970: time)
      let (mine, theirs) = (zone.secondsFromGMT(for: date), reference.secondsFromGMT(for: date))
      if mine != theirs { mismatches.append("\(date): \(mine) != \(theirs)") }
    }
    #expect(mismatches.isEmpty, "\(name)")
    #expect(zone.identifier == name)
  }

  @Test(arguments: [
    // Around the 2021 switches in Paris (31 Mar 01:00 UTC, 31 Oct 01:00 UTC) and New York.
    ("Europe/Paris", 1_616_893_199, 3600), ("Europe/Paris", 1_616_893_200, 7200),
    ("Europe/Paris", 1_635_641_999, 7200), ("Europe/Paris", 1_635_642_000, 3600),
    ("America/New_York", 1_615_705_199, -18_000), ("America/New_York", 1_615_705_200, -14_400),
  ])
  func switchesAtTheExactSecond(name: String, time: Int, offset: Int) throws {
    let zone = try #require(ZoneInfo.named(name))
    #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time))) == offset)
  }

  @Test(arguments: ["Mars/Olympus", "", "../../etc/passwd", "/etc/localtime", "Europe", "Europe/Paris/x"])
  func unknownOrUnsafeNamesAreNotZones(name: String) {
    #expect(ZoneInfo.named(name) == nil)
  }

  @Test func utcAndGMTNeedNoDatabase() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-zoneinfo-\(UUID())").path
    #expect(ZoneInfo.named("UTC", environment: ["TZDIR": empty])?.secondsFromGMT(for: Date()) == 0)
    #expect(ZoneInfo.named("GMT", environment: ["TZDIR": empty]) != nil)
    #expect(ZoneInfo.named("Europe/Paris", environment: ["TZDIR": empty]) == nil)
  }

  @Test func theSystemZoneIsUTCWithoutLocaltime() {
    #expect(ZoneInfo.system(localtime: "/nonexistent/localtime") == .utc)
  }

  @Test func theSystemZoneIsNamedAfterTheFileItLinksTo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zone-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("localtime").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Tokyo")
    let zone = ZoneInfo.system(localtime: link)
    #expect(zone.identifier == "Asia/Tokyo")
    #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 32_400)
  }

  @Test(arguments: [
    Array("TZif".utf8), Array("not a zone file at all, just some text that is long enough".utf8), [],
  ])
  func bytesThatAreNotTZifAreRefused(bytes: [UInt8]) {
    #expect(ZoneInfo(identifier: "x", tzif: bytes) == nil)
  }

  @Test func aTruncatedFileIsRefused() throws {
    let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Paris"))
    for length in [44, 100, bytes.count / 2, bytes.count - 2] {
      #expect(ZoneInfo(identifier: "x", tzif: Array(bytes.prefix(length))) == nil, "\(length) bytes")
    }
  }
}

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
    #expect(rule.secondsFromGMT(at: Self.july) == july)
    #expect(rule.secondsFromGMT(at: Self.january) == january)
  }

  @Test(arguments: ["", "CE", "CET", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "<+05", "CET-1,", "CET-1 "])
  func malformedRulesAreRefused(text: String) {
    #expect(PosixZoneRule(text) == nil)
  }
}
