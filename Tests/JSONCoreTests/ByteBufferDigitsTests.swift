import Testing

@testable import JSONCore

/// The package's one decimal and hexadecimal writer, against the standard library's `String(_:radix:)`.
@Suite struct ByteBufferDigitsTests {
  static func decimal(_ value: Int, digits: Int = 1) -> String {
    var buffer = ByteBuffer(capacity: 4)
    buffer.append(decimal: value, digits: digits)
    return buffer.text
  }

  static func hex(_ value: UInt64, digits: Int? = nil) -> String {
    var buffer = ByteBuffer(capacity: 4)
    buffer.append(hex: value, digits: digits)
    return buffer.text
  }

  @Test(arguments: [0, 1, 9, 10, 99, 100, 1_000, 123_456_789, -1, -10, Int.max, Int.min])
  func decimalIsTheStandardLibrarysText(value: Int) {
    #expect(Self.decimal(value) == String(value))
  }

  @Test(arguments: [
    (433_333, "433.333"), (1_500, "1.5"), (-2_000, "-2"), (0, "0"), (1, "0.001"), (10, "0.01"), (100, "0.1"),
    (-5, "-0.005"), (-1_234_567, "-1234.567"), (390_000, "390"), (1_020, "1.02"),
  ])
  func thousandthsAreADecimalWithoutTrailingZeros(value: Int, text: String) {
    var buffer = ByteBuffer(capacity: 4)
    buffer.append(thousandths: value)
    #expect(buffer.text == text)
  }

  @Test(arguments: [
    (7, 3, "007"), (0, 3, "000"), (12, 3, "012"), (1234, 3, "1234"), (-5, 2, "-05"), (5, 0, "5"),
    (1, 9, "000000001"), (123_456_789, 12, "000123456789"), (99_999_999, 8, "99999999"),
    (0, 17, String(repeating: "0", count: 17)),
  ])
  func decimalPadsToTheDigitsAsked(value: Int, digits: Int, text: String) {
    #expect(Self.decimal(value, digits: digits) == text)
  }

  /// Every number of digits from 1 to 19 (the eight-digit groups' edges: 10⁸ − 1, 10⁸, 10¹⁶), at every
  /// position around a buffer's growth: the digits are the standard library's, nothing written past them.
  @Test func decimalsOfEveryLengthAtEveryBufferPosition() {
    var value = 0
    for length in 1...19 {
      value = value * 10 + length % 10
      for candidate in [value, value - 1, -value] where candidate != 0 {
        for prefix in 0...17 {
          var buffer = ByteBuffer(capacity: 16)
          buffer.append(String(repeating: "x", count: prefix))
          buffer.append(decimal: candidate)
          buffer.append(UInt8(ascii: "."))
          #expect(buffer.text == String(repeating: "x", count: prefix) + String(candidate) + ".")
        }
      }
    }
    for edge in [99_999_999, 100_000_000, 10_000_000_000_000_000, 9_999_999_999_999_999] {
      #expect(Self.decimal(edge) == String(edge))
    }
  }

  @Test(arguments: [0, 0x1F, 0x10, 0xFF, 0x1A2B, 0x8000_0000_0000_0000, UInt64.max] as [UInt64])
  func hexIsTheStandardLibrarysText(value: UInt64) {
    #expect(Self.hex(value) == String(value, radix: 16))
  }

  @Test(
    arguments: [(0x1F, 4, "001f"), (0, 2, "00"), (0xABC, 2, "bc"), (UInt64.max, 20, "0000ffffffffffffffff")]
      as [(UInt64, Int, String)])
  func hexWritesExactlyTheDigitsAsked(value: UInt64, digits: Int, text: String) {
    #expect(Self.hex(value, digits: digits) == text)
  }

  @Test(arguments: [0, 0x9, 0xA, 0xFF, 0x2E8ED7, UInt64.max] as [UInt64])
  func upperCaseHexIsTheStandardLibrarysText(value: UInt64) {
    var buffer = ByteBuffer(capacity: 4)
    buffer.append(hex: value, uppercase: true)
    #expect(buffer.text == String(value, radix: 16, uppercase: true))
  }
}
