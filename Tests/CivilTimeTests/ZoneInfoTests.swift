import Foundation
import Testing

@testable import CivilTime

/// `ZoneInfo` (the reader of the system time zone database) against Foundation's ICU-backed `TimeZone`, and
/// how zones are found by name.
@Suite struct ZoneInfoTests {
  /// Zones whose rules both databases have had the same for years. Not `Africa/Casablanca`: Debian's tzdata
  /// 2026f keeps Morocco on +00 from September 2026, where Foundation's ICU data still has +01 (`zdump -v`
  /// shows what the system's file says, and `ZoneInfo` reads the same: `ZdumpAgreementTests` checks it there).
  static let zones = [
    "UTC", "Europe/Paris", "Europe/London", "America/New_York", "America/Los_Angeles", "America/Sao_Paulo",
    "America/St_Johns", "Asia/Tokyo", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Sydney", "Australia/Lord_Howe",
    "Pacific/Auckland", "Pacific/Chatham", "Pacific/Kiritimati", "Etc/GMT+5",
  ]

  /// Every 7,777,777 s (about 90 days, drifting through the hours) from 1970 to 2100, past the files'
  /// last transition (2037), where the footer's POSIX rule takes over.
  @Test(arguments: zones)
  func offsetsAgreeWithFoundationFrom1970To2100(name: String) throws {
    let zone = try #require(ZoneInfo.named(name))
    let reference = try #require(TimeZone(identifier: name))
    var mismatches: [String] = []
    for instant in stride(from: Int64(0), to: 4_102_444_800, by: 7_777_777) {
      let (mine, theirs) = (
        zone.secondsFromUTC(at: instant), reference.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
      )
      if mine != theirs { mismatches.append("\(instant): \(mine) != \(theirs)") }
    }
    #expect(mismatches.isEmpty, "\(name)")
    #expect(zone.identifier == name)
  }

  @Test(arguments: [
    // Around the 2021 switches in Paris (31 Mar 01:00 UTC, 31 Oct 01:00 UTC) and New York.
    ("Europe/Paris", Int64(1_616_893_199), 3600), ("Europe/Paris", 1_616_893_200, 7200),
    ("Europe/Paris", 1_635_641_999, 7200), ("Europe/Paris", 1_635_642_000, 3600),
    ("America/New_York", 1_615_705_199, -18_000), ("America/New_York", 1_615_705_200, -14_400),
  ])
  func switchesAtTheExactSecond(name: String, instant: Int64, offset: Int) throws {
    let zone = try #require(ZoneInfo.named(name))
    #expect(zone.secondsFromUTC(at: instant) == offset)
  }

  /// The calendar day in a zone: the offset moves an instant across midnight, before 1970 too.
  @Test(arguments: [
    ("Asia/Tokyo", Int64(1_625_614_200), 2021, 7, 7), ("America/Los_Angeles", 1_625_536_800, 2021, 7, 5),
    ("UTC", -1, 1969, 12, 31), ("UTC", 0, 1970, 1, 1), ("Europe/Paris", 946_681_200, 2000, 1, 1),
    ("Pacific/Kiritimati", 1_905_076_800, 2030, 5, 16),
  ])
  func civilDateInAZone(name: String, instant: Int64, year: Int, month: Int, day: Int) throws {
    let zone = try #require(ZoneInfo.named(name))
    #expect(zone.civilDate(at: instant) == CivilDate(year: year, month: month, day: day))
  }

  @Test(arguments: ["Mars/Olympus", "", "../../etc/passwd", "/etc/localtime", "Europe", "Europe/Paris/x", "UTC\0"])
  func unknownOrUnsafeNamesAreNotZones(name: String) {
    #expect(ZoneInfo.named(name) == nil)
  }

  @Test func utcAndGMTNeedNoDatabase() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-zoneinfo-\(UUID())").path
    #expect(ZoneInfo.named("UTC", environment: ["TZDIR": empty])?.secondsFromUTC(at: 1_625_572_800) == 0)
    #expect(ZoneInfo.named("GMT", environment: ["TZDIR": empty]) != nil)
    #expect(ZoneInfo.named("Europe/Paris", environment: ["TZDIR": empty]) == nil)
  }

  @Test func tzdirNamesAnotherDatabase() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoneinfo-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(TZifFile(types: [19_800], footer: "<+0530>-5:30").bytes).write(to: folder.appendingPathComponent("Here"))
    let zone = try #require(ZoneInfo.named("Here", environment: ["TZDIR": folder.path]))
    #expect(zone.secondsFromUTC(at: 0) == 19_800)
    #expect(ZoneInfo.named("Europe/Paris", environment: ["TZDIR": folder.path]) == nil)
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
    #expect(zone.secondsFromUTC(at: 0) == 32_400)
    let copy = folder.appendingPathComponent("copy").path
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: copy)
    #expect(ZoneInfo.system(localtime: copy).identifier == "localtime")
  }
}
