extension PosixZoneRule {
  /// Parses `std offset [dst [offset] [,start[/time],end[/time]]]`; nil when `text` is not such a rule.
  /// Without a `,rule`, daylight saving time follows the POSIX default (`M3.2.0,M11.1.0`).
  init?(_ text: String) {
    var scanner = RuleScanner(Array(text.utf8))
    guard scanner.name(), let standard = scanner.offset(maxHours: 24) else { return nil }
    standardOffset = -standard
    guard !scanner.isAtEnd else { return }
    guard scanner.name() else { return nil }
    var daylightOffset = standardOffset + 3600
    if let explicit = scanner.offset(maxHours: 24) { daylightOffset = -explicit }
    var start = Switch(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
    var end = Switch(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
    if scanner.take(UInt8(ascii: ",")) {
      guard let first = scanner.switchRule(), scanner.take(UInt8(ascii: ",")), let second = scanner.switchRule() else {
        return nil
      }
      (start, end) = (first, second)
    }
    guard scanner.isAtEnd else { return nil }
    daylight = Daylight(offset: daylightOffset, start: start, end: end)
  }
}

/// Reads the parts of a POSIX TZ rule.
private struct RuleScanner {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { index == bytes.count }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func take(_ byte: UInt8) -> Bool {
    guard current == byte else { return false }
    index += 1
    return true
  }

  /// A zone abbreviation: three or more letters, or `<…>` quoted (letters, digits, `+`, `-`).
  mutating func name() -> Bool {
    let start = index
    if take(UInt8(ascii: "<")) {
      while let byte = current, byte != UInt8(ascii: ">") { index += 1 }
      guard take(UInt8(ascii: ">")) else { return false }
      return index - start >= 5
    }
    while let byte = current, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { index += 1 }
    return index - start >= 3
  }

  /// `[+-]hh[:mm[:ss]]` in seconds (hours up to `maxHours`); nil, consuming nothing, when absent.
  mutating func offset(maxHours: Int) -> Int? {
    let start = index
    var sign = 1
    if take(UInt8(ascii: "-")) {
      sign = -1
    } else {
      _ = take(UInt8(ascii: "+"))
    }
    guard let hours = number(), hours <= maxHours else {
      index = start
      return nil
    }
    var seconds = hours * 3600
    for unit in [60, 1] {
      guard take(UInt8(ascii: ":")) else { break }
      guard let part = number(), part < 60 else {
        index = start
        return nil
      }
      seconds += part * unit
    }
    return sign * seconds
  }

  /// `Jn`, `n` or `Mm.w.d`, then an optional `/time` (default 02:00).
  mutating func switchRule() -> PosixZoneRule.Switch? {
    let day: PosixZoneRule.Day
    if take(UInt8(ascii: "J")) {
      guard let n = number(), (1...365).contains(n) else { return nil }
      day = .julian(n)
    } else if take(UInt8(ascii: "M")) {
      guard let month = number(), (1...12).contains(month), take(UInt8(ascii: ".")), let week = number(),
        (1...5).contains(week), take(UInt8(ascii: ".")), let weekday = number(), (0...6).contains(weekday)
      else { return nil }
      day = .monthWeekDay(month: month, week: week, weekday: weekday)
    } else {
      guard let n = number(), (0...365).contains(n) else { return nil }
      day = .zeroBased(n)
    }
    var time = 7200
    if take(UInt8(ascii: "/")) {
      guard let explicit = offset(maxHours: 167) else { return nil }
      time = explicit
    }
    return PosixZoneRule.Switch(day: day, time: time)
  }

  /// Up to three decimal digits.
  private mutating func number() -> Int? {
    var value = 0
    var digits = 0
    while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 3 {
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
      index += 1
    }
    return digits > 0 ? value : nil
  }
}
