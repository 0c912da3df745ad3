extension String {
  /// `(prefix + self).uppercased()`: Unicode's full, locale-independent upper-casing.
  ///
  /// ASCII bytes (the prefix's, e.g. `IT'S `, then the text's) are upper-cased eight at a time straight into the
  /// new string's storage: a result of up to 15 bytes is a small string and allocates nothing, where the standard
  /// library's `uppercased()` always allocates; and a prefix is not joined to the text first. A non-ASCII byte
  /// anywhere sends the joined text to `uppercased()`. `UppercasingFastPathTests` checks every ASCII byte in every
  /// lane of a word, the lengths around the word size and the small-string limit and non-ASCII bytes in the
  /// prefix and the text against `uppercased()`.
  func feedUppercased(after prefix: String = "") -> String {
    var text = self
    var ascii = true
    let upper: String
    if prefix.isEmpty {
      upper = text.withUTF8 { text in
        String(unsafeUninitializedCapacity: text.count) { upper in
          guard let start = upper.baseAddress else { return 0 }
          ascii = ASCIIUpper.copy(text, to: start) & ASCIIUpper.highBits == 0
          return text.count
        }
      }
    } else {
      var head = prefix
      upper = head.withUTF8 { head in
        text.withUTF8 { text in
          String(unsafeUninitializedCapacity: head.count + text.count) { upper in
            guard let start = upper.baseAddress else { return 0 }
            let seen = ASCIIUpper.copy(head, to: start) | ASCIIUpper.copy(text, to: start + head.count)
            ascii = seen & ASCIIUpper.highBits == 0
            return head.count + text.count
          }
        }
      }
    }
    return ascii ? upper : (prefix + self).uppercased()
  }
}

/// Upper-casing of ASCII bytes eight at a time (SWAR: each byte of a 64-bit word on its own, no carries between
/// them).
enum ASCIIUpper {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  /// The high bit of each byte lane: set in a word of bytes iff one of them is not ASCII.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Copies `source` to `target` with `a`–`z` turned into `A`–`Z` (every other byte unchanged) and returns the
  /// OR of the source's words and last bytes: a byte ≥ 0x80 among them sets the high bit of some byte lane.
  @inline(__always)
  static func copy(_ source: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) -> UInt64 {
    guard let base = source.baseAddress else { return 0 }
    var seen: UInt64 = 0
    guard source.count >= 8 else {
      for index in 0..<source.count {
        let byte = base[index]
        seen |= UInt64(byte)
        target[index] = byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte
      }
      return seen
    }
    // Whole words, then the last eight bytes again (overlapping the last whole word: the same bytes, the same
    // result) instead of a byte loop for the rest.
    var index = 0
    while index < source.count {
      let at = min(index, source.count - 8)
      let word = UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self)
      seen |= word
      UnsafeMutableRawPointer(target + at).storeBytes(of: upper(word), as: UInt64.self)
      index += 8
    }
    return seen
  }

  /// The word with each ASCII lower-case letter byte upper-cased: a byte is one when its low seven bits are at
  /// least `a` (0x61, so + 0x1F reaches 0x80) and below `{` (0x7B, so + 0x05 stays under 0x80) and its high bit
  /// is clear; upper-casing clears its 0x20 bit.
  @inline(__always)
  static func upper(_ word: UInt64) -> UInt64 {
    let low7 = word & (0x7F &* ones)
    let atLeastA = low7 &+ (0x1F &* ones)
    let pastZ = low7 &+ (0x05 &* ones)
    let lower = atLeastA & ~pastZ & ~word & (0x80 &* ones)
    return word ^ (lower >> 2)
  }
}
