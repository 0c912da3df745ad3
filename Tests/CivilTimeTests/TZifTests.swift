import Foundation
import Testing

@testable import CivilTime

/// TZif files (RFC 8536) made here byte by byte, for the cases the system's database does not have.
@Suite struct TZifTests {
  @Test func aVersion1FileIsReadFromIts32BitBlock() throws {
    let file = TZifFile(version: 0, transitions: [(-100, 1), (1000, 0)], types: [3600, 7200], footer: nil)
    let zone = try #require(ZoneInfo(identifier: "x", tzif: file.bytes))
    #expect([-101, -100, 999, 1000].map { zone.secondsFromUTC(at: $0) } == [3600, 7200, 7200, 3600])
  }

  @Test func afterTheLastTransitionTheFooterRules() throws {
    let file = TZifFile(transitions: [(0, 1)], types: [0, 3600], footer: "CET-1CEST,M3.5.0,M10.5.0/3")
    let zone = try #require(ZoneInfo(identifier: "x", tzif: file.bytes))
    #expect(zone.secondsFromUTC(at: -1) == 0)
    #expect(zone.secondsFromUTC(at: 1_625_140_800) == 7200)  // July 2021: the rule's daylight saving time
  }

  @Test func withAnEmptyFooterTheLastTransitionLasts() throws {
    let file = TZifFile(transitions: [(0, 1)], types: [0, -18_000], footer: "")
    let zone = try #require(ZoneInfo(identifier: "x", tzif: file.bytes))
    #expect(zone.secondsFromUTC(at: 4_102_444_800) == -18_000)
  }

  @Test func withoutTransitionsTheFooterOrTheFirstTypeRules() throws {
    let ruled = try #require(ZoneInfo(identifier: "x", tzif: TZifFile(types: [0], footer: "<+0545>-5:45").bytes))
    #expect(ruled.secondsFromUTC(at: 0) == 20_700)
    let fixed = try #require(ZoneInfo(identifier: "x", tzif: TZifFile(version: 0, types: [-3600], footer: nil).bytes))
    #expect(fixed.secondsFromUTC(at: 1_625_140_800) == -3600)
  }

  @Test(arguments: [
    ("a transition to a type that does not exist", TZifFile(transitions: [(0, 2)], types: [0, 3600], footer: "")),
    ("transitions out of order", TZifFile(transitions: [(10, 0), (10, 1)], types: [0, 3600], footer: "")),
    ("no time type", TZifFile(types: [], footer: "")),
    ("a footer that is not a rule", TZifFile(types: [0], footer: "not a rule")),
    ("version 2 without a footer", TZifFile(types: [0], footer: nil)),
    ("a version byte that is not a digit", TZifFile(version: UInt8(ascii: "x"), types: [0], footer: "")),
  ])
  func inconsistentFilesAreRefused(what: String, file: TZifFile) {
    #expect(ZoneInfo(identifier: "x", tzif: file.bytes) == nil, "\(what)")
  }

  @Test func countsTooLargeForTheFileAreRefused() {
    var bytes = TZifFile(types: [0], footer: "UTC0").bytes
    bytes.replaceSubrange(32..<36, with: [0, 0, 0, 9])  // timecnt of the first header: 9, with no room for them
    #expect(ZoneInfo(identifier: "x", tzif: bytes) == nil)
    bytes.replaceSubrange(32..<36, with: [0x7f, 0xff, 0xff, 0xff])  // or absurdly many
    #expect(ZoneInfo(identifier: "x", tzif: bytes) == nil)
  }

  @Test(arguments: [
    Array("TZif".utf8), Array("not a zone file at all, just some text that is long enough".utf8), [],
  ])
  func bytesThatAreNotTZifAreRefused(bytes: [UInt8]) {
    #expect(ZoneInfo(identifier: "x", tzif: bytes) == nil)
  }

  @Test func aTruncatedFileIsRefused() throws {
    let bytes = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Paris"))
    #expect(ZoneInfo(identifier: "x", tzif: Array(bytes)) != nil)
    for length in [44, 100, bytes.count / 2, bytes.count - 2] {
      #expect(ZoneInfo(identifier: "x", tzif: Array(bytes.prefix(length))) == nil, "\(length) bytes")
    }
  }
}

/// A TZif file to write out: its transitions (instant, index of the type from then on), the offsets of its
/// types, and for version 2 and later its footer.
struct TZifFile: Sendable {
  /// `0` for version 1, else the ASCII digit.
  var version = UInt8(ascii: "2")
  var transitions: [(at: Int64, type: UInt8)] = []
  var types: [Int32]
  /// The POSIX rule after the last transition; nil writes no footer at all.
  var footer: String?

  /// The file: a version 1 block (32-bit times), then for version 2+ a second header, the 64-bit block and
  /// `\n<footer>\n`.
  var bytes: [UInt8] {
    var bytes = block(timeSize: 4)
    if version != 0 {
      bytes += block(timeSize: 8)
      if let footer { bytes += [UInt8(ascii: "\n")] + Array(footer.utf8) + [UInt8(ascii: "\n")] }
    }
    return bytes
  }

  /// A header and its data block; one designation character ("\0") so that each type's index is valid.
  private func block(timeSize: Int) -> [UInt8] {
    var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    for count in [0, 0, 0, transitions.count, types.count, 1] { bytes += Self.bigEndian(Int64(count), size: 4) }
    for transition in transitions { bytes += Self.bigEndian(transition.at, size: timeSize) }
    bytes += transitions.map(\.type)
    for offset in types { bytes += Self.bigEndian(Int64(offset), size: 4) + [0, 0] }
    return bytes + [0]
  }

  private static func bigEndian(_ value: Int64, size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
