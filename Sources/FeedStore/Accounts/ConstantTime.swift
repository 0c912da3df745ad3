/// Comparisons whose duration does not depend on where two byte strings differ.
enum ConstantTime {
  /// Whether `first` and `second` hold the same bytes, looking at every byte whatever the others are. Only the
  /// lengths (public: a SHA-256 hex digest is always 64 bytes) make it return early.
  static func equal(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) -> Bool {
    guard first.count == second.count else { return false }
    var difference: UInt8 = 0
    for (a, b) in zip(first, second) { difference |= a ^ b }
    return difference == 0
  }
}
