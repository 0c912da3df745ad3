import CivilTime
import Foundation
import StackfeedTestSupport
import Testing

/// `ZoneInfo` against `zdump`, the C library's own reader of the same files: the offset just before and at every
/// transition `zdump -v` lists from 1970 to 2100 (the files' transitions, then their footer's POSIX rule). Unlike
/// the comparison with Foundation's `TimeZone` (ICU's own copy of the data, `ZoneInfoTests`), both sides read the
/// system's tz database, so a new tzdata release cannot make them disagree: Africa/Casablanca is checked here.
@Suite(.requires(OptionalTool.zdump.isInstalled, OptionalTool.zdump.skipNote))
struct ZdumpAgreementTests {
  static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  @Test(arguments: ZoneInfoTests.zones.filter { $0 != "UTC" && !$0.hasPrefix("Etc/") } + ["Africa/Casablanca"])
  func offsetsAgreeWithZdumpAtEveryTransition(name: String) throws {
    let zone = try #require(ZoneInfo.named(name))
    var checked = 0
    var mismatches: [String] = []
    for line in try Self.zdump(name).split(separator: "\n") {
      guard let (instant, offset) = Self.parse(line) else { continue }
      checked += 1
      let mine = zone.secondsFromUTC(at: instant)
      if mine != offset { mismatches.append("\(line): \(mine)") }
    }
    // Tokyo and Kolkata have kept one offset since before 1970: zdump lists nothing for them.
    #expect(checked >= 2 || ["Asia/Tokyo", "Asia/Kolkata"].contains(name), "zdump listed no transition of \(name)")
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// `zdump -v -c 1970,2100 NAME`'s output.
  static func zdump(_ name: String) throws -> String {
    let process = Process()
    process.executableURL = try #require(OptionalTool.zdump.url)
    process.arguments = ["-v", "-c", "1970,2100", name]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.runUnblocked()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self)
  }

  /// The instant and offset of a line such as
  /// `Europe/Paris  Sun Mar 28 00:59:59 2021 UT = Sun Mar 28 01:59:59 2021 CET isdst=0 gmtoff=3600`.
  static func parse(_ line: Substring) -> (instant: Int64, offset: Int)? {
    guard let equals = line.range(of: " UT = "), let gmtoff = line.range(of: "gmtoff=") else { return nil }
    let fields = line[..<equals.lowerBound].split(separator: " ").suffix(5)
    let clock = fields.dropFirst(3).first?.split(separator: ":").compactMap { Int($0) } ?? []
    guard fields.count == 5, clock.count == 3, let month = months.firstIndex(of: String(fields[fields.startIndex + 1])),
      let day = Int(fields[fields.startIndex + 2]), let year = Int(fields[fields.startIndex + 4]),
      let date = CivilDate(year: year, month: month + 1, day: day), let offset = Int(line[gmtoff.upperBound...])
    else { return nil }
    return (Int64(date.daysSince1970 * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2]), offset)
  }
}
