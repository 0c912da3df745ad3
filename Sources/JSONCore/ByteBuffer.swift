/// A growable byte buffer appended to with `memcpy`: what the JSON writers write into (the CLI's output
/// blocks, the layout encoder).
///
/// It exists because it pays: `list --format json` appends about 30 pieces per row, and through an
/// `[UInt8]` each generic `append(contentsOf:)` costs more than copying the bytes (callgrind, 100,000 rows:
/// 13,180 instructions per row instead of 11,820, docs/BENCHMARKS.md "Unsafe code, measured"). Its growth
/// is tested at every boundary (`ByteBufferTests`). Not copyable: its memory is freed when it goes away.
public struct ByteBuffer: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @usableFromInline var capacity: Int
  @usableFromInline var used = 0

  /// The number of bytes written.
  public var count: Int { used }

  /// An empty buffer with room for `capacity` bytes (at least 16) before it grows.
  public init(capacity: Int) {
    self.capacity = max(16, capacity)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// Appends one byte.
  @inlinable public mutating func append(_ byte: UInt8) {
    if used == capacity { grow(toHold: used + 1) }
    base[used] = byte
    used += 1
  }

  /// Appends `bytes`.
  @inlinable public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if bytes.count > capacity - used { grow(toHold: used + bytes.count) }
    (base + used).update(from: source, count: bytes.count)
    used += bytes.count
  }

  /// Appends the UTF-8 bytes of `text`.
  @inlinable public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends the bytes of a literal (a fixed key or punctuation) without going through a `String`.
  @inlinable public mutating func append(literal: StaticString) {
    literal.withUTF8Buffer { append($0) }
  }

  /// Appends `count` copies of `byte` (e.g. an indent).
  public mutating func append(repeating byte: UInt8, count: Int) {
    guard count > 0 else { return }
    if count > capacity - used { grow(toHold: used + count) }
    (base + used).update(repeating: byte, count: count)
    used += count
  }

  /// Calls `body` with the bytes written so far.
  public func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// The bytes written so far, as text (they are UTF-8 when only text and JSON were written).
  public var text: String {
    withBytes { String(decoding: $0, as: UTF8.self) }
  }

  /// Forgets the bytes written, keeping the memory.
  public mutating func removeAll() {
    used = 0
  }

  /// Forgets the last byte written, if any.
  public mutating func removeLast() {
    used = max(0, used - 1)
  }

  /// The last byte written, if any.
  public var last: UInt8? {
    count > 0 ? base[count - 1] : nil
  }

  /// Makes room for at least `needed` bytes: the capacity doubles until it fits, the bytes are kept.
  @usableFromInline mutating func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: base, count: used)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
