import CivilTime

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Formats an order date as `dd MMM yy` (e.g. `06 Jul 21`) with English month abbreviations in an explicit
/// time zone, the same on every device.
///
/// Built once and reused: it reads the zone's offset for the instant, takes the calendar day from CivilTime's
/// arithmetic and writes the nine characters after an optional prefix (`Ordered on 06 Jul 21`). No tables: a
/// short command that formats one date pays nothing at start-up.
///
///     let dates = OrderDateFormatter(timeZone: TimeZone(identifier: "UTC") ?? .gmt)
///     dates.string(from: Date(timeIntervalSince1970: 1_625_572_800))  // "06 Jul 21"
public struct OrderDateFormatter: Sendable {
  /// The zone the day, month and year are taken in.
  private let zone: any UTCOffsetSource

  /// Creates a formatter for `timeZone`: Foundation's `TimeZone`, or CivilTime's `ZoneInfo` (read from the
  /// system's time zone database, where Foundation's `TimeZone` needs ICU on Linux).
  public init(timeZone: some UTCOffsetSource) {
    zone = timeZone
  }

  /// The date as `dd MMM yy` in the formatter's zone.
  public func string(from date: Date) -> String {
    string(from: date, after: "")
  }

  /// `prefix` followed by the date as `dd MMM yy` in the formatter's zone (`prefix + string(from: date)`).
  public func string(from date: Date, after prefix: String) -> String {
    let day = zone.civilDate(at: Int64(date.timeIntervalSince1970.rounded(.down)))
    let month = Self.letters(day.month)
    let yy = day.year.modulo(100)  // 0–99, before year 0 too
    let space = UInt8(ascii: " ")
    // A constant-size array that does not escape is made on the stack, and nine bytes make a small string: the
    // only allocation is the result's, when it is longer than 15 bytes.
    let text = [
      Self.digit(day.day / 10), Self.digit(day.day % 10), space, month.0, month.1, month.2, space, Self.digit(yy / 10),
      Self.digit(yy % 10),
    ]
    return prefix + String(decoding: text, as: UTF8.self)
  }

  /// The ASCII digit of `value` (0–9).
  private static func digit(_ value: Int) -> UInt8 {
    UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
  }

  /// The English abbreviation of `month` (1–12).
  private static func letters(_ month: Int) -> (UInt8, UInt8, UInt8) {
    let letters: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) =
      switch month {
      case 1: ("J", "a", "n")
      case 2: ("F", "e", "b")
      case 3: ("M", "a", "r")
      case 4: ("A", "p", "r")
      case 5: ("M", "a", "y")
      case 6: ("J", "u", "n")
      case 7: ("J", "u", "l")
      case 8: ("A", "u", "g")
      case 9: ("S", "e", "p")
      case 10: ("O", "c", "t")
      case 11: ("N", "o", "v")
      default: ("D", "e", "c")
      }
    return (UInt8(ascii: letters.0), UInt8(ascii: letters.1), UInt8(ascii: letters.2))
  }
}
