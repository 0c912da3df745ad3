/// A growable byte buffer appended to with `memcpy`: what encoders write into (``Output/append(_:)``).
///
/// `list --format json` appends about 25 pieces per row; an `[UInt8]` spends more on each generic
/// `append(contentsOf:)` than on copying the bytes. Not copyable: its memory is freed when it goes away.
public struct ByteBuffer: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  public private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes before it grows.
  init(capacity: Int) {
    self.capacity = max(16, capacity)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit {
    base.deallocate()
  }

  /// Appends one byte.
  public mutating func append(_ byte: UInt8) {
    if count == capacity { grow(toHold: count + 1) }
    base[count] = byte
    count += 1
  }

  /// Appends `bytes`.
  public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  /// Appends the UTF-8 bytes of `text`.
  public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Calls `body` with the bytes written so far.
  func withBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    try body(UnsafeRawBufferPointer(start: base, count: count))
  }

  /// Forgets the bytes written, keeping the memory.
  mutating func removeAll() {
    count = 0
  }

  private mutating func grow(toHold needed: Int) {
    var newCapacity = capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    grown.update(from: base, count: count)
    base.deallocate()
    base = grown
    capacity = newCapacity
  }
}
