/// Numbers written as digits: the package's one decimal and hexadecimal writer (JSON's `\u00XX` escapes, the
/// server's ETags and log lines, the SHA-256 digests and generated UUIDs go through it).
extension ByteBuffer {
  /// Appends `value` in decimal, with a `-` when it is negative and at least `digits` digits (leading zeros):
  /// `-12`, `0`, `1024`; `7` with 3 digits is `007`.
  public mutating func append(decimal value: Int, digits: Int = 1) {
    if value < 0 { append(UInt8(ascii: "-")) }
    append(digitsOf: value.magnitude, atLeast: digits)
  }

  /// Appends the decimal digits of `value`, at least `minimum` of them. Eight digits at a time, lowest first, each
  /// shifted into a word whose lowest byte ends up the highest digit, and the word stored at once: one division by
  /// the constant 10 a digit, nothing reversed afterwards (the higher digits of a longer number first, the same
  /// way).
  private mutating func append(digitsOf value: UInt, atLeast minimum: Int) {
    let chunk: UInt = 100_000_000
    if value >= chunk || minimum > 8 {
      append(digitsOf: value / chunk, atLeast: minimum - 8)
      return append(digitsOf: value % chunk, atLeast: 8)
    }
    var rest = value
    var word: UInt64 = 0
    var count = 0
    repeat {
      word = word << 8 | UInt64(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
      rest /= 10
      count += 1
    } while rest != 0 || count < minimum
    table.append(lowBytesOf: word, count: count)
  }

  /// Appends `value` thousandths as a decimal number with at most 3 decimals and no trailing zeros: `433333` is
  /// `433.333`, `1500` is `1.5`, `-2000` is `-2`, `0` is `0` (the layout JSON's numbers, rounded to thousandths).
  public mutating func append(thousandths value: Int) {
    let whole = value / 1000
    var fraction = Int(value.magnitude % 1000)
    if value < 0 && whole == 0 { append(UInt8(ascii: "-")) }
    append(decimal: whole)
    guard fraction != 0 else { return }
    append(UInt8(ascii: "."))
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    append(decimal: fraction, digits: digits)
  }

  /// Appends `value` in hexadecimal, lower-case unless `uppercase`: `digits` digits (leading zeros, the low digits
  /// when the value needs more), or as few as it needs when `digits` is nil (`0`, `ff`, `1a2b`).
  public mutating func append(hex value: UInt64, digits: Int? = nil, uppercase: Bool = false) {
    let count = digits ?? max(1, (64 - value.leadingZeroBitCount + 3) / 4)
    let letters = uppercase ? UInt8(ascii: "A") - 10 : UInt8(ascii: "a") - 10
    for shift in stride(from: 4 * (count - 1), through: 0, by: -4) {
      let digit = shift < 64 ? UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xF : 0
      append(digit < 10 ? UInt8(ascii: "0") + digit : letters + digit)
    }
  }
}
