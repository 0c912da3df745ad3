extension String {
  /// `uppercased()`: Unicode's full, locale-independent upper-casing, with a fast path for ASCII text, where
  /// it is exactly `a`–`z` → `A`–`Z` (feed texts are mostly ASCII, and a million rows upper-case two each).
  /// The fast path writes the bytes straight into the new string's storage: copying through an `[UInt8]`
  /// costs `list --format json` 13% more instructions (docs/BENCHMARKS.md, "Unsafe code, measured");
  /// `UppercasingFastPathTests` checks every ASCII byte and the lengths around the small-string limit.
  func feedUppercased() -> String {
    var text = self
    let ascii = text.withUTF8 { utf8 -> String? in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
      return String(unsafeUninitializedCapacity: utf8.count) { upper in
        for index in 0..<utf8.count {
          let byte = utf8[index]
          upper[index] = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte
        }
        return utf8.count
      }
    }
    return ascii ?? uppercased()
  }
}
