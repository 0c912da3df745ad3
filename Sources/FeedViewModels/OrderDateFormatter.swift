#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Formats an order date as `dd MMM yy` (e.g. `06 Jul 21`) with English month abbreviations in an explicit
/// time zone, the same on every device.
///
/// Built once and reused: it reads the zone's offset for the instant, converts days to a Gregorian date
/// arithmetically and writes the nine bytes straight into the string (after an optional prefix, so that
/// `Ordered on 06 Jul 21` is one string made in one go). No tables: a short command that formats one date pays
/// nothing at start-up.
///
///     let dates = OrderDateFormatter(timeZone: TimeZone(identifier: "UTC") ?? .gmt)
///     dates.string(from: Date(timeIntervalSince1970: 1_625_572_800))  // "06 Jul 21"
public struct OrderDateFormatter: Sendable {
  /// The twelve English month abbreviations, three ASCII letters each, January first.
  private static let monthLetters: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"
  private static let secondsPerDay = 86_400

  /// The offset from UTC at an instant in the zone the day, month and year are taken in.
  private let secondsFromGMT: @Sendable (Date) -> Int

  /// Creates a formatter for `timeZone`.
  public init(timeZone: TimeZone) {
    self.init(secondsFromGMT: timeZone.secondsFromGMT(for:))
  }

  /// Creates a formatter for the zone whose offset from UTC at each instant `secondsFromGMT` gives (e.g. one
  /// read from the system's time zone database, where Foundation's `TimeZone` would need ICU).
  public init(secondsFromGMT: @escaping @Sendable (Date) -> Int) {
    self.secondsFromGMT = secondsFromGMT
  }

  /// The date as `dd MMM yy` in the formatter's zone.
  public func string(from date: Date) -> String {
    string(from: date, after: "")
  }

  /// `prefix` followed by the date as `dd MMM yy` in the formatter's zone (`prefix + string(from: date)`, made
  /// as one string).
  public func string(from date: Date, after prefix: String) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + secondsFromGMT(date)
    let days = seconds >= 0 ? seconds / Self.secondsPerDay : (seconds - Self.secondsPerDay + 1) / Self.secondsPerDay
    let (year, month, day) = Self.civilDate(daysSince1970: days)
    let yy = ((year % 100) + 100) % 100
    var head = prefix
    return head.withUTF8 { head in
      String(unsafeUninitializedCapacity: head.count + 9) { text in
        if !head.isEmpty { UnsafeMutableRawBufferPointer(text).copyMemory(from: UnsafeRawBufferPointer(head)) }
        let at = head.count
        let letters = Self.monthLetters.utf8Start + (month - 1) * 3
        text[at] = Self.digit(day / 10)
        text[at + 1] = Self.digit(day % 10)
        text[at + 2] = UInt8(ascii: " ")
        text[at + 3] = letters[0]
        text[at + 4] = letters[1]
        text[at + 5] = letters[2]
        text[at + 6] = UInt8(ascii: " ")
        text[at + 7] = Self.digit(yy / 10)
        text[at + 8] = Self.digit(yy % 10)
        return at + 9
      }
    }
  }

  /// The ASCII digit of `value` (0–9).
  @inline(__always)
  private static func digit(_ value: Int) -> UInt8 {
    UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
  }

  /// The proleptic Gregorian (year, month 1–12, day 1–31) of a day count since 1970-01-01.
  /// Howard Hinnant's `civil_from_days` (https://howardhinnant.github.io/date_algorithms.html).
  private static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
    let z = daysSince1970 + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
