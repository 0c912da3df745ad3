extension String {
  /// `(prefix + self).uppercased()`: Unicode's full, locale-independent upper-casing.
  ///
  /// Without a prefix this is the standard library's `uppercased()`, which already has an ASCII fast path. With
  /// one (`IT'S ` + a status) the prefix's and the text's bytes are upper-cased in one pass straight into the new
  /// string's storage, instead of joining them into one string first and upper-casing that (a third fewer
  /// instructions for an order's title); a non-ASCII byte anywhere sends the joined text to `uppercased()`.
  /// `UppercasingFastPathTests` checks every ASCII byte, the lengths around the small-string limit and non-ASCII
  /// bytes in the prefix and the text against `uppercased()`.
  func feedUppercased(after prefix: String = "") -> String {
    guard !prefix.isEmpty else { return uppercased() }
    var head = prefix
    var tail = self
    var ascii = true
    let upper = head.withUTF8 { head in
      tail.withUTF8 { tail in
        String(unsafeUninitializedCapacity: head.count + tail.count) { upper in
          var seen: UInt8 = 0
          for index in 0..<head.count {
            seen |= head[index]
            upper[index] = Self.asciiUpper(head[index])
          }
          for index in 0..<tail.count {
            seen |= tail[index]
            upper[head.count + index] = Self.asciiUpper(tail[index])
          }
          ascii = seen < 0x80
          return head.count + tail.count
        }
      }
    }
    return ascii ? upper : (prefix + self).uppercased()
  }

  /// `a`–`z` → `A`–`Z`, every other byte unchanged.
  @inline(__always)
  private static func asciiUpper(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte
  }
}
