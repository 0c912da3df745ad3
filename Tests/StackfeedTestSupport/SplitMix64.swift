/// SplitMix64 (Steele, Lea, Flood 2014): the small, fast, deterministic generator of the randomised tests. A
/// test that draws its seed at random prints ``seed`` when it fails, so that the case can be run again.
public struct SplitMix64: RandomNumberGenerator {
  /// The seed the sequence started from.
  public let seed: UInt64
  private var state: UInt64

  /// The sequence of `seed`.
  public init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
