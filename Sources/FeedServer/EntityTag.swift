import JSONCore
import StackLayout

/// A strong entity tag for a response body (RFC 9110 §8.8.3): a 64-bit FNV-1a hash of the body taken eight
/// bytes at a time (each step `hash = (hash ^ word) &* prime` over the little-endian 64-bit words, then the last
/// 0–7 bytes one at a time) and the body's length, so equal bodies get equal tags on every server process, and
/// a body that differs in one word (any change within eight aligned bytes) always gets another tag: each step
/// maps different words, and different hashes, to different hashes.
enum EntityTag {
  private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  private static let prime: UInt64 = 0x0000_0100_0000_01b3

  /// `"<hash>-<count>"` in hexadecimal, quoted. With a `viewer` (an answer made for one user), the hash goes on
  /// over the user's id, so two users' tags differ even where their bodies are equal; with `traits` other than
  /// the default, over their name too (after a 0 byte), so an answer laid out for one trait set never has the
  /// tag of another's. The default traits leave the tag as it was before traits existed.
  static func of(_ body: [UInt8], viewer: String? = nil, traits: Traits = .default) -> String {
    var hash = offsetBasis
    let bytes = body.span
    var start = 0
    // Each word put together from its bytes, in safe code, from an 8-byte span taken out of the body: its
    // indices are then known to be in range, so the eight reads need no check of their own (1.4 instructions
    // a byte, 3.7 indexing the array; docs/BENCHMARKS.md, "The render page under its budget"). EntityTagTests
    // try every length around the word size.
    while start + 8 <= bytes.count {
      let lanes = bytes.extracting(start..<start + 8)
      var word: UInt64 = 0
      for lane in 0..<8 { word |= UInt64(lanes[lane]) << UInt64(8 * lane) }
      hash = (hash ^ word) &* prime
      start += 8
    }
    while start < bytes.count {
      hash = (hash ^ UInt64(bytes[start])) &* prime
      start += 1
    }
    for byte in viewer?.utf8 ?? "".utf8 {
      hash = (hash ^ UInt64(byte)) &* prime
    }
    if traits != .default {
      for byte in [0] + Array(traits.name.utf8) {
        hash = (hash ^ UInt64(byte)) &* prime
      }
    }
    var tag = ByteBuffer(capacity: 40)
    tag.append(UInt8(ascii: "\""))
    tag.append(hex: hash)
    tag.append(UInt8(ascii: "-"))
    tag.append(hex: UInt64(body.count))
    tag.append(UInt8(ascii: "\""))
    return tag.text
  }

  /// The tag of the gzipped representation of the body tagged `tag`: `-gz` before the closing quote
  /// (`"1f2e-3a"` → `"1f2e-3a-gz"`), so the two representations never share a tag (RFC 9110 §8.8.3: a strong
  /// tag names one representation, and its content coding is part of it).
  static func gzipped(_ tag: String) -> String {
    String(tag.dropLast()) + "-gz\""
  }

  /// True when an `If-Match` value names `tag` or is `*` (strong comparison, as RFC 9110 §13.1.1 asks: a weak
  /// tag `W/"…"` never matches).
  static func satisfies(ifMatch: String, _ tag: String) -> Bool {
    ifMatch.split(separator: ",").contains { candidate in
      let trimmed = candidate.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
      return trimmed == "*" || trimmed == tag
    }
  }

  /// True when an `If-None-Match` value names `tag` or is `*` (weak comparison, as RFC 9110 §13.1.2 asks).
  static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
    ifNoneMatch.split(separator: ",").contains { candidate in
      let trimmed = candidate.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
      return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
    }
  }
}
