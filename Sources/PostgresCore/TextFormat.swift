import SQLCore

/// Reading values from PostgreSQL's text format (<https://www.postgresql.org/docs/current/datatype.html>): the
/// bytes libpq hands out for a column of a result in format 0.
enum TextFormat {
  /// The bytes as a string (the server sends UTF-8: the cluster's and the client's encoding).
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// A decimal integer (`-42`), or nil when the text is not one that fits in 64 bits (SQLCore's one reader,
  /// ``Swift/Int64/init(decimalText:)``).
  static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
    Int64(decimalText: bytes.span)
  }

  /// A double as the server writes it (`1.5`, `1e+100`, `Infinity`, `-Infinity`, `NaN`).
  static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    Double(string(bytes))
  }

  /// `bytea` in the hex format the server writes (`\x0aff`), or nil for another text.
  static func bytea(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x"), bytes.count % 2 == 0 else {
      return nil
    }
    var result: [UInt8] = []
    result.reserveCapacity((bytes.count - 2) / 2)
    var index = 2
    while index < bytes.count {
      guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return nil }
      result.append(high << 4 | low)
      index += 2
    }
    return result
  }

  /// The value of one hex digit (`0`-`9`, `a`-`f`, `A`-`F`), or nil.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
