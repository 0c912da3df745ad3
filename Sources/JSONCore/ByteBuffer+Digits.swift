/// Numbers written as digits: the package's one decimal and hexadecimal writer (JSON's `\u00XX` escapes, the
/// server's ETags and log lines, the SHA-256 digests and generated UUIDs go through it).
extension ByteBuffer {
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// Appends `value` in decimal, with a `-` when it is negative and at least `digits` digits (leading zeros):
  /// `-12`, `0`, `1024`; `7` with 3 digits is `007`.
  public mutating func append(decimal value: Int, digits: Int = 1) {
    if value < 0 { append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var divisor: UInt = 1
    var written = 1
    while magnitude / divisor >= 10 || written < digits {
      divisor *= 10
      written += 1
    }
    while divisor > 0 {
      append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor % 10))
      divisor /= 10
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

  /// Appends `value` in lower-case hexadecimal: `digits` digits (leading zeros, the low digits when the value
  /// needs more), or as few as it needs when `digits` is nil (`0`, `ff`, `1a2b`).
  public mutating func append(hex value: UInt64, digits: Int? = nil) {
    let count = digits ?? max(1, (64 - value.leadingZeroBitCount + 3) / 4)
    for shift in stride(from: 4 * (count - 1), through: 0, by: -4) {
      append(shift < 64 ? Self.hexDigits[Int((value >> UInt64(shift)) & 0xF)] : UInt8(ascii: "0"))
    }
  }
}
