/// An instant written in ISO 8601 as seed files write them: `2021-07-06T12:00:00Z`, with optional fractional
/// seconds and a `Z` or `±hh:mm` offset.
///
/// Strict: every field must be in range for its calendar date (`2021-02-29`, `24:00:00`, `12:00:60` and
/// one-digit months are refused), where a lenient parser would silently roll them over into another date.
///
///     ISO8601Instant("2021-07-06T14:00:00+02:00")?.timeIntervalSince1970   // 1_625_572_800
///     ISO8601Instant("2021-07-06")                                          // nil: no time of day
public struct ISO8601Instant: Hashable, Sendable {
  /// Whole seconds since 1970-01-01T00:00:00Z.
  public let secondsSince1970: Int64
  /// The fractional second written after the seconds, 0 ≤ fraction < 1.
  public let fraction: Double

  /// Seconds since 1970-01-01T00:00:00Z, fraction included (what `Date(timeIntervalSince1970:)` takes).
  public var timeIntervalSince1970: Double {
    Double(secondsSince1970) + fraction
  }

  /// The instant `text` writes, or nil when it is not one.
  public init?(_ text: String) {
    var scanner = Scanner(Array(text.utf8))
    guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
      let day = scanner.digits(2), scanner.skip("T"), let hour = scanner.digits(2), scanner.skip(":"),
      let minute = scanner.digits(2), scanner.skip(":"), let second = scanner.digits(2),
      let date = CivilDate(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
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
    secondsSince1970 = Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
    self.fraction = fraction
  }
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
