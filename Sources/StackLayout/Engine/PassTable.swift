/// One table of a layout pass (the flat tree's items, the per-node memos and frames, the scratch stacks): plain
/// values in one allocation that only the pass owns, read and written in place, every index checked.
///
/// It exists because it pays: through an `[Element]` in the pass, every write paid a uniqueness check
/// (`swift_isUniquelyReferenced`, about 190 per card layout) besides its bounds check; a noncopyable table
/// cannot be shared, so it needs none (docs/BENCHMARKS.md, "Where the time goes"). Being noncopyable, it also
/// cannot outlive or escape its pass, nor be handed to another thread while the pass uses it. An index out of
/// range traps (`precondition`, kept in release builds). `PassTableTests` covers growth at every boundary,
/// popping, refilling and copying out.
struct PassTable<Element: BitwiseCopyable>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// The number of elements in the table.
  private(set) var count = 0

  /// An empty table with room for `capacity` elements (at least one) before it grows.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  /// `count` copies of `value`.
  init(repeating value: Element, count: Int) {
    self.init(capacity: count)
    refill(with: value, count: count)
  }

  deinit {
    base.deallocate()
  }

  /// Element `index`, in place; traps unless `0 <= index < count`.
  subscript(index: Int) -> Element {
    @inline(__always)
    unsafeAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "PassTable index out of range")
      return UnsafePointer(base + index)
    }
    @inline(__always)
    unsafeMutableAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "PassTable index out of range")
      return base + index
    }
  }

  /// Adds `value` at the end (a push, for the scratch stacks).
  @inline(__always)
  mutating func append(_ value: Element) {
    if count == capacity { grow(toHold: count + 1) }
    (base + count).initialize(to: value)
    count += 1
  }

  /// Drops the elements from `newCount` on (a pop back to a saved count); traps unless `0 <= newCount <= count`.
  @inline(__always)
  mutating func pop(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "PassTable popped to an invalid count")
    count = newCount
  }

  /// Makes the table `count` copies of `value`, keeping its memory when it is large enough.
  mutating func refill(with value: Element, count newCount: Int) {
    precondition(newCount >= 0, "PassTable count is negative")
    if newCount > capacity {
      base.deallocate()
      capacity = newCount
      base = .allocate(capacity: newCount)
    }
    base.initialize(repeating: value, count: newCount)
    count = newCount
  }

  /// The elements, copied into an array.
  var elements: [Element] {
    Array(UnsafeBufferPointer(start: base, count: count))
  }

  /// Moves the elements into a larger allocation (the capacity doubles until `needed` fits).
  private mutating func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
