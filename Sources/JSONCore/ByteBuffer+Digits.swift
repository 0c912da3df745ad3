/// Numbers written as digits: the package's one decimal and hexadecimal writer (JSON's `\u00XX` escapes, the
/// server's ETags and log lines, the SHA-256 digests and generated UUIDs go through it).
extension ByteBuffer {
  /// Appends `value` in decimal, with a `-` when it is negative and at least `digits` digits (leading zeros):
  /// `-12`, `0`, `1024`; `7` with 3 digits is `007`.
  /// The digits are written lowest first (a division by the constant 10 each) and then put in order.
  public mutating func append(decimal value: Int, digits: Int = 1) {
    if value < 0 { append(UInt8(ascii: "-")) }
    let start = count
    var rest = value.magnitude
    repeat {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10))
      rest /= 10
    } while rest != 0 || count - start < digits
    var (low, high) = (start, count - 1)
    while low < high {
      (table[low], table[high]) = (table[high], table[low])
      low += 1
      high -= 1
    }
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
