/// A strong entity tag for a response body (RFC 9110 §8.8.3): a 64-bit FNV-1a hash of the bytes and their
/// count, so equal bodies get equal tags on every server process and any changed byte changes the tag.
enum EntityTag {
  /// `"<hash>-<count>"` in hexadecimal, quoted.
  static func of(_ body: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return "\"\(String(hash, radix: 16))-\(String(body.count, radix: 16))\""
  }

  /// True when an `If-None-Match` value names `tag` or is `*` (weak comparison, as RFC 9110 §13.1.2 asks).
  static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
    ifNoneMatch.split(separator: ",").contains { candidate in
      let trimmed = candidate.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
      return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
    }
  }
}
