/// A growable table of plain values in one allocation, read and written in place, every index checked: the
/// package's one hand-grown buffer. ``ByteBuffer`` keeps its bytes in one; StackLayout's layout pass keeps its
/// tables in them (`PassTable`).
///
///     var table = GrowableTable<Double>(capacity: 4)
///     table.append(1.5)
///     table[0] += 1      // in place
///     table.elements     // [2.5]
///
/// It exists because it pays (docs/BENCHMARKS.md, "Unsafe code, measured"): through an `[Element]` every write
/// paid a uniqueness check besides its bounds check, and every append a generic copy; a noncopyable table cannot
/// be shared, so it needs neither (cold layout and `list --format json` run 22 % and 26 % more instructions
/// with arrays). Being noncopyable, it has one owner and is freed with it; an index out of range traps
/// (`precondition`, kept in release builds). `GrowableTableTests` covers growth at every boundary, popping,
/// refilling and copying out.
public struct GrowableTable<Element: BitwiseCopyable>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var capacity: Int
  @usableFromInline var used = 0

  /// The number of elements in the table.
  @inlinable public var count: Int { used }

  /// An empty table with room for `capacity` elements (at least one) before it grows.
  @inlinable public init(capacity: Int) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  /// `count` copies of `value`.
  @inlinable public init(repeating value: Element, count: Int) {
    self.init(capacity: count)
    refill(with: value, count: count)
  }

  deinit {
    base.deallocate()
  }

  /// Element `index`, in place; traps unless `0 <= index < count`.
  @inlinable public subscript(index: Int) -> Element {
    @inline(__always)
    unsafeAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "GrowableTable index out of range")
      return UnsafePointer(base + index)
    }
    @inline(__always)
    unsafeMutableAddress {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "GrowableTable index out of range")
      return base + index
    }
  }

  /// Adds `value` at the end.
  @inlinable @inline(__always)
  public mutating func append(_ value: Element) {
    if count == capacity { grow(toHold: count + 1) }
    (base + count).initialize(to: value)
    used += 1
  }

  /// Adds the elements of `values` at the end, copied in one go.
  @inlinable public mutating func append(contentsOf values: UnsafeBufferPointer<Element>) {
    guard let source = values.baseAddress, !values.isEmpty else { return }
    if values.count > capacity - count { grow(toHold: count + values.count) }
    (base + count).initialize(from: source, count: values.count)
    used += values.count
  }

  /// Adds the elements of `values` that `keep` accepts at the end, growing once for all of them.
  @inlinable public mutating func append(
    contentsOf values: UnsafeBufferPointer<Element>, where keep: (Element) -> Bool
  ) {
    if values.count > capacity - count { grow(toHold: count + values.count) }
    // The end kept in a local: through `self`, the base and the count were reloaded and stored for every value.
    var end = base + used
    for value in values where keep(value) {
      end.initialize(to: value)
      end += 1
    }
    used = end - base
  }

  /// Adds the elements of `values`, each mapped by `transform`, at the end, growing once for all of them.
  @inlinable public mutating func append(
    contentsOf values: UnsafeBufferPointer<Element>, mapping transform: (Element) -> Element
  ) {
    if values.count > capacity - count { grow(toHold: count + values.count) }
    var end = base + used
    for value in values {
      end.initialize(to: transform(value))
      end += 1
    }
    used = end - base
  }

  /// Adds the low `count` bytes of `word` (at most 8) at the end, its lowest byte first, with one 8-byte store into
  /// the table's spare room (grown first when fewer than 8 elements are free): what ``ByteBuffer``'s decimal
  /// writer packs its digits into.
  @inlinable @inline(__always)
  public mutating func append(lowBytesOf word: UInt64, count added: Int) where Element == UInt8 {
    precondition(added >= 0 && added <= 8, "GrowableTable appends at most 8 bytes of a word")
    if capacity - count < 8 { grow(toHold: count + 8) }
    UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt64.self)
    used += added
  }

  /// The 8 elements from `index` on as one word, the first its lowest byte, read with one load (what the JSON
  /// escaper scans eight bytes at a time); traps unless `0 <= index` and `index + 8 <= count`.
  @inlinable @inline(__always)
  public func word(at index: Int) -> UInt64 where Element == UInt8 {
    precondition(index >= 0 && index <= count - 8, "GrowableTable word out of range")
    return UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
  }

  /// Adds `count` copies of `value` at the end.
  @inlinable public mutating func append(repeating value: Element, count added: Int) {
    guard added > 0 else { return }
    if added > capacity - count { grow(toHold: count + added) }
    (base + count).initialize(repeating: value, count: added)
    used += added
  }

  /// Drops the elements from `newCount` on (a pop back to a saved count); traps unless `0 <= newCount <= count`.
  @inlinable @inline(__always)
  public mutating func pop(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "GrowableTable popped to an invalid count")
    used = newCount
  }

  /// Makes the table `count` copies of `value`, keeping its memory when it is large enough.
  @inlinable public mutating func refill(with value: Element, count newCount: Int) {
    precondition(newCount >= 0, "GrowableTable count is negative")
    if newCount > capacity {
      base.deallocate()
      capacity = newCount
      base = .allocate(capacity: newCount)
    }
    base.initialize(repeating: value, count: newCount)
    used = newCount
  }

  /// The index of the first element at or after `start` that satisfies `predicate`, if any; traps unless
  /// `0 <= start <= count`.
  @inlinable public func firstIndex(from start: Int, where predicate: (Element) -> Bool) -> Int? {
    precondition(start >= 0 && start <= count, "GrowableTable index out of range")
    var index = start
    while index < count {
      if predicate(base[index]) { return index }
      index += 1
    }
    return nil
  }

  /// Calls `body` with the elements (for a copy into another collection).
  @inlinable func withElements<T>(_ body: (UnsafeBufferPointer<Element>) throws -> T) rethrows -> T {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// The elements, copied into an array (with one `memcpy`).
  @inlinable public var elements: [Element] {
    Array(unsafeUninitializedCapacity: count) { elements, initialized in
      if let target = elements.baseAddress {
        UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: count * MemoryLayout<Element>.stride)
      }
      initialized = count
    }
  }

  /// Moves the elements into a larger allocation (the capacity doubles until `needed` fits). Never inlined: it is
  /// the rare path of every append, which stays small where it is inlined.
  @usableFromInline @inline(never) mutating func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    grown.initialize(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
