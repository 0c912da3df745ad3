import JSONCore

/// Random identifiers, the package's one generator of them: API tokens' ids (`tok_` and 16 hex digits) and
/// secrets (`sft_` and 64), and the version-4 UUIDs of rows made by a request or by `seed --generate`; the
/// digits are written by JSONCore's hex writer.
///
/// ``Source/system`` draws every word from the operating system's CSPRNG (`SystemRandomNumberGenerator`: on
/// Linux `getrandom(2)`, the kernel's generator that `/dev/urandom` serves; on Apple platforms `arc4random_buf`),
/// for secrets and the ids a client is given. ``Source/seeded`` seeds a fast generator (SplitMix64) once from
/// it, for the many ids of a generated table: not for secrets.
///
///     var ids = RandomIDs(.seeded)
///     ids.uuid()                                         // "1b4e28ba-2fa1-4d2e-9c5b-7a3f0e6b2d11"
///     RandomIDs(.system).hex(prefix: "tok_", words: 1)   // "tok_9f86d081884c7d65"
public struct RandomIDs: RandomNumberGenerator {
  /// Where the random words come from.
  public enum Source: Sendable {
    /// The operating system's CSPRNG, every word.
    case system
    /// SplitMix64, seeded once from the operating system's CSPRNG.
    case seeded
  }

  private let source: Source
  private var state: UInt64

  /// A generator drawing from `source`.
  public init(_ source: Source) {
    var system = SystemRandomNumberGenerator()
    self.init(source, seed: source == .seeded ? system.next() : 0)
  }

  /// A generator drawing from `source` whose SplitMix64 starts at `seed` (a test's known sequence).
  init(_ source: Source, seed: UInt64) {
    self.source = source
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    switch source {
    case .system:
      var system = SystemRandomNumberGenerator()
      return system.next()
    case .seeded:
      // SplitMix64 (Steele, Lea, Flood 2014): one 64-bit output per call.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// `prefix` followed by `words` random 64-bit words, 16 lowercase hex digits each.
  public mutating func hex(prefix: String, words: Int) -> String {
    var text = ByteBuffer(capacity: prefix.utf8.count + 16 * words)
    text.append(prefix)
    for _ in 0..<words { text.append(hex: next(), digits: 16) }
    return text.text
  }

  /// A version-4 UUID (RFC 9562 §5.4) in lowercase text form: `1b4e28ba-2fa1-4d2e-9c5b-7a3f0e6b2d11`.
  public mutating func uuid() -> String {
    let high = (next() & ~0xF000) | 0x4000  // version 4
    let low = (next() & ~(0xC000 << 48)) | (0x8000 << 48)  // variant 10
    var text = ByteBuffer(capacity: 36)
    text.append(hex: high >> 32, digits: 8)
    text.append(UInt8(ascii: "-"))
    text.append(hex: high >> 16, digits: 4)
    text.append(UInt8(ascii: "-"))
    text.append(hex: high, digits: 4)
    text.append(UInt8(ascii: "-"))
    text.append(hex: low >> 48, digits: 4)
    text.append(UInt8(ascii: "-"))
    text.append(hex: low, digits: 12)
    return text.text
  }
}
