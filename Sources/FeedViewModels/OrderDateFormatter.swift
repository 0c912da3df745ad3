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
/// arithmetic and writes the nine characters after an optional prefix, so that `Ordered on 06 Jul 21` is one
/// string made in one go. No tables: a short command that formats one date pays nothing at start-up.
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

  /// `prefix` followed by the date as `dd MMM yy` in the formatter's zone (`prefix + string(from: date)`, made
  /// as one string).
  public func string(from date: Date, after prefix: String) -> String {
    let day = zone.civilDate(at: Int64(date.timeIntervalSince1970.rounded(.down)))
    return prefix + String(decoding: DayMonthYear(day), as: UTF8.self)
  }
}

/// The nine ASCII bytes of `dd MMM yy`: a string of them fits the standard library's 15-byte small string, so
/// making it allocates nothing.
private struct DayMonthYear: RandomAccessCollection {
  private let day: (UInt8, UInt8)
  private let month: (UInt8, UInt8, UInt8)
  private let year: (UInt8, UInt8)

  init(_ date: CivilDate) {
    let yy = date.year.modulo(100)  // 0–99, before year 0 too
    day = (Self.digit(date.day / 10), Self.digit(date.day % 10))
    month = Self.letters(date.month)
    year = (Self.digit(yy / 10), Self.digit(yy % 10))
  }

  var startIndex: Int { 0 }
  var endIndex: Int { 9 }

  subscript(position: Int) -> UInt8 {
    switch position {
    case 0: day.0
    case 1: day.1
    case 3: month.0
    case 4: month.1
    case 5: month.2
    case 7: year.0
    case 8: year.1
    default: UInt8(ascii: " ")
    }
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
