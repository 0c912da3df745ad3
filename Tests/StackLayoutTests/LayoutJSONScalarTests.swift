import Foundation
import StackLayout
import StackfeedTestSupport
import Testing

@Suite("Layout JSON scalars")
struct LayoutJSONScalarTests {
  @Test(
    "numbers keep at most three decimals without trailing zeros",
    arguments: [
      (390.0, "390"), (433.333333, "433.333"), (77.25, "77.25"), (0.05, "0.05"), (0.001, "0.001"),
      (0.0015, "0.002"), (2.9996, "3"), (-12.5, "-12.5"), (-0.004, "-0.004"), (1e12, "1000000000000"),
      (1e308, "1e+308"), (-1.5e300, "-1.5e+300"), (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    ])
  func formatsFixedPrecision(value: Double, expected: String) {
    #expect(LayoutJSON.number(value) == expected)
  }

  @Test(
    "zero, negative zero, values rounding to zero and non-finite values are written as 0",
    arguments: [0.0, -0.0, -0.0004, 0.0004, .nan, .infinity, -.infinity])
  func writesZeroWithoutSign(value: Double) {
    #expect(LayoutJSON.number(value) == "0")
  }

  /// Below 10¹² the digit writer writes whole thousandths: the same text as the shortest form of the value rounded
  /// to 3 decimals (`Double.description`, what the layout JSON wrote before), drawn at every magnitude.
  @Test("numbers are the shortest form of the value rounded to thousandths")
  func matchesTheRoundedValuesShortestForm() {
    var generator = SplitMix64(seed: 31)
    for exponent in -4...11 {
      let magnitude = pow(10, Double(exponent))
      for _ in 0..<2_000 {
        let value = Double.random(in: -magnitude...magnitude, using: &generator)
        let rounded = (value * 1000).rounded() / 1000
        let expected =
          rounded == 0 ? "0" : rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        #expect(LayoutJSON.number(value) == expected, "\(value)")
      }
    }
  }

  /// Halfway between two thousandths (and the closest values either side) rounds as `rounded()` does: away from
  /// zero at a half, to the nearer thousandth otherwise.
  @Test("halves round away from zero, as rounded() does")
  func halvesRoundAwayFromZero() {
    for thousandths in -3_000...3_000 {
      let half = (Double(thousandths) + 0.5) / 1000
      for value in [half, half.nextUp, half.nextDown, half * 1_000_000, Double(thousandths) * 1e8 + 0.0005] {
        let rounded = (value * 1000).rounded() / 1000
        let expected =
          rounded == 0 ? "0" : rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        #expect(LayoutJSON.number(value) == expected, "\(value)")
      }
    }
  }

  @Test("strings are quoted with quotes, backslashes and control characters escaped")
  func quotesStrings() {
    #expect(LayoutJSON.string(#"IT'S "A" \ B"#) == #""IT'S \"A\" \\ B""#)
    #expect(LayoutJSON.string("a\nb\t\u{1}") == #""a\nb\t\u0001""#)
    #expect(LayoutJSON.string("Grüße 🙂") == "\"Grüße 🙂\"")
  }
}
