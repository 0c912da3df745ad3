import SQLCore
import Testing

/// `Int64(decimalText:)`, the one reader of decimal integers in bytes: PostgreSQL's integer columns in text format
/// and a feed cursor's numbers.
struct DecimalTextTests {
  @Test(
    "reads what Int64.init(_:) reads, and refuses what it refuses",
    arguments: [
      "0", "7", "-7", "+7", "42", "-0", "007", "9223372036854775807", "-9223372036854775808",
      "9223372036854775808", "-9223372036854775809", "99999999999999999999", "", "-", "+", "+-1", "1-", " 1",
      "1 ", "1.0", "1e3", "0x10", "١٢", "12a",
    ])
  func agreesWithInt64(text: String) {
    #expect(Int64(decimalText: text.utf8.span) == Int64(text), "\(text)")
  }
}
