extension Array {
  /// Pops a scratch stack back to `count` elements, keeping the capacity (one `removeLast()` per
  /// element: a stack frame holds a few children, and `removeLast(_:)` goes through `replaceSubrange`).
  @inline(__always)
  mutating func pop(to count: Int) {
    while self.count > count { removeLast() }
  }

  /// `count` copies of `value`: the same as `Array(repeating:count:)`, which for these small
  /// per-layout tables goes through the runtime's unspecialized buffer allocation (about twice the cost).
  @inline(__always)
  static func filled(with value: Element, count: Int) -> [Element] {
    var array: [Element] = []
    array.reserveCapacity(count)
    for _ in 0..<count { array.append(value) }
    return array
  }

  /// Makes the array `count` copies of `value`, keeping its capacity: the same as `removeAll(keepingCapacity:
  /// true)` and `append(contentsOf: repeatElement(value, count: count))`, whose generic iterator cost 1,700
  /// instructions per card layout.
  @inline(__always)
  mutating func refill(with value: Element, count: Int) {
    removeAll(keepingCapacity: true)
    reserveCapacity(count)
    for _ in 0..<count { append(value) }
  }
}
