extension Int64 {
  /// The decimal integer the ASCII bytes `text` spell, read as `Int64.init(_:)` reads one: an optional `+` or
  /// `-`, then at least one digit and nothing else, within 64 bits (`-9223372036854775808` included); `nil`
  /// otherwise. Read in place, without a `String`: how PostgreSQL's text format sends an integer column
  /// (PostgresCore) and how a feed cursor writes its numbers (FeedPlugins' `FeedCursor`).
  @inlinable public init?(decimalText text: Span<UInt8>) {
    var index = 0
    guard index < text.count else { return nil }
    let negative = text[index] == UInt8(ascii: "-")
    if negative || text[index] == UInt8(ascii: "+") { index += 1 }
    guard index < text.count else { return nil }
    var value: Int64 = 0
    while index < text.count {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      // Accumulated toward the sign: Int64.min has no positive counterpart.
      let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowedAgain) =
        negative ? tens.subtractingReportingOverflow(Int64(digit)) : tens.addingReportingOverflow(Int64(digit))
      guard !overflowed, !overflowedAgain else { return nil }
      value = next
      index += 1
    }
    self = value
  }
}
