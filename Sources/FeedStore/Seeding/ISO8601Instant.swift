#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Parses the ISO-8601 instants of seed files: `2021-07-06T12:00:00Z`, with optional fractional seconds and
/// a `Z` or `±hh:mm` offset.
///
/// Strict: every field must be in range for its calendar date (`2021-02-29`, `24:00:00`, `12:00:60` and
/// one-digit months are refused), where a lenient parser would silently roll them over into another date.
enum ISO8601Instant {
  /// The instant, or `nil` when `text` is not one.
  static func parse(_ text: String) -> Date? {
    var scanner = Scanner(Array(text.utf8))
    guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
      let day = scanner.digits(2), scanner.skip("T"), let hour = scanner.digits(2), scanner.skip(":"),
      let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var fraction = 0.0
    if scanner.skip(".") {
      guard let digits = scanner.fractionDigits() else { return nil }
      fraction = digits
    }
    var offset = 0
    if !(scanner.skip("Z") || scanner.skip("z")) {
      let sign = scanner.skip("+") ? 1 : scanner.skip("-") ? -1 : 0
      guard sign != 0, let hours = scanner.digits(2), scanner.skip(":"), let minutes = scanner.digits(2),
        hours < 24, minutes < 60
      else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    }
    guard scanner.isAtEnd else { return nil }
    let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Reads ASCII fields from the front of a byte array.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
      index += 1
      return true
    }

    /// Exactly `count` decimal digits as a number.
    mutating func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }

    /// One or more decimal digits after the point, as a fraction of a second.
    mutating func fractionDigits() -> Double? {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      guard index > start else { return nil }
      return Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
    }
  }
}
