import Testing

@testable import StackRender

@Suite("Fixed-precision numbers")
struct FixedDecimalTests {
  @Test(
    "numbers keep at most three decimals without trailing zeros",
    arguments: [
      (390.0, "390"), (433.333333, "433.333"), (77.25, "77.25"), (0.05, "0.05"), (0.001, "0.001"),
      (0.0015, "0.002"), (2.9995, "3"), (-12.5, "-12.5"), (-0.004, "-0.004"), (1e12, "1000000000000"),
    ])
  func formatsFixedPrecision(value: Double, expected: String) {
    #expect(FixedDecimal.string(value) == expected)
  }

  @Test(
    "zero, negative zero, values rounding to zero and non-finite values are written as 0",
    arguments: [0.0, -0.0, -0.0004, 0.0004, .nan, .infinity, -.infinity])
  func writesZeroWithoutSign(value: Double) {
    #expect(FixedDecimal.string(value) == "0")
  }

  @Test("huge values are clamped rather than written with an exponent")
  func clampsHugeValues() {
    #expect(FixedDecimal.string(1e300) == "1000000000000")
    #expect(FixedDecimal.string(-1e300) == "-1000000000000")
  }
}
