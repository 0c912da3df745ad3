/// Random version-4 UUID strings (lowercase), from a fast generator seeded once from the system's entropy: the
/// fresh ids of generated rows (`seed --generate`). Not for secrets.
///
///     var ids = RandomUUIDs()
///     let id = ids.next()   // "1b4e28ba-2fa1-4d2e-9c5b-7a3f0e6b2d11"
public struct RandomUUIDs {
  private var state: UInt64

  /// A generator seeded from the system's entropy.
  public init() {
    var system = SystemRandomNumberGenerator()
    state = system.next()
  }

  /// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit output per call.
  private mutating func nextWord() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next UUID's text form, e.g. `1b4e28ba-2fa1-4d2e-9c5b-7a3f0e6b2d11` (36 bytes).
  public mutating func next() -> String {
    var high = nextWord()
    var low = nextWord()
    high = (high & ~0xF000) | 0x4000  // version 4 (RFC 9562 §5.4)
    low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // variant 10
    let hex = [high, low].map { word in
      let digits = String(word, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    let (first, second) = (hex[0], hex[1])
    return
      "\(first.prefix(8))-\(first.dropFirst(8).prefix(4))-\(first.suffix(4))-\(second.prefix(4))-\(second.suffix(12))"
  }
}
