/// A growable byte buffer: what the JSON writers write into (the CLI's output blocks, the layout encoder, the
/// server's log lines). Not copyable, so a writer's bytes have one owner.
///
///     var out = ByteBuffer(capacity: 64)
///     out.append("id: ")
///     out.append(decimal: 42)
///     out.text  // "id: 42"
///
/// Texts are copied in with one `memcpy` from their UTF-8 storage into a ``GrowableTable``: it pays, `list
/// --format json` appends about 30 pieces per row, and through an `[UInt8]` each generic `append(contentsOf:)`
/// costs more than copying the bytes (docs/BENCHMARKS.md, "Unsafe code, measured"). `ByteBufferTests` appends
/// across every growth boundary.
public struct ByteBuffer: ~Copyable {
  @usableFromInline var table: GrowableTable<UInt8>

  /// The number of bytes written.
  @inlinable public var count: Int { table.count }

  /// An empty buffer with room for `capacity` bytes (at least 16) before it grows.
  public init(capacity: Int) {
    table = GrowableTable(capacity: max(16, capacity))
  }

  /// Appends one byte. Always inlined: as a call it cost 23 instructions a byte from another module.
  @inlinable @inline(__always) public mutating func append(_ byte: UInt8) {
    table.append(byte)
  }

  /// Appends `bytes`.
  @inlinable @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    table.append(contentsOf: bytes)
  }

  /// Appends the UTF-8 bytes of `text`, read in place (a copy of a borrowed string, for `withUTF8`, would cost a
  /// retain and a release).
  @inlinable public mutating func append(_ text: borrowing String) {
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      var copy = copy text
      copy.withUTF8 { append($0) }
    }
  }

  /// Appends `bytes` (e.g. a text borrowed from a database row), copied in one go.
  @inlinable public mutating func append(_ bytes: Span<UInt8>) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends `bytes`, each mapped by `transform` first (e.g. ASCII letters upper-cased), growing once for all of
  /// them.
  @inlinable public mutating func append(_ bytes: Span<UInt8>, mapping transform: (UInt8) -> UInt8) {
    bytes.withUnsafeBufferPointer { table.append(contentsOf: $0, mapping: transform) }
  }

  /// Appends the bytes of a literal (a fixed key or punctuation) without going through a `String`. Always
  /// inlined: the literal's address and length are then constants at the call, and what is left is the copy.
  @inlinable @inline(__always) public mutating func append(literal: StaticString) {
    literal.withUTF8Buffer { append($0) }
  }

  /// Appends a writer's literal in `style`: as it is when ``JSONStyle/indented``; when ``JSONStyle/compact``,
  /// without its spaces and line feeds. The writers' literals hold whitespace only between JSON tokens, never
  /// inside a string (a key's quotes hold a name without spaces), so nothing significant is dropped.
  @inlinable @inline(__always) public mutating func append(literal: StaticString, style: JSONStyle) {
    switch style {
    case .indented: literal.withUTF8Buffer { append($0) }
    case .compact: literal.withUTF8Buffer { appendCompacting($0) }
    }
  }

  /// Appends `bytes` but their spaces and line feeds. Inlined into each literal's writer: 3 % fewer instructions for
  /// a new `/v1/render` page than as a call (docs/BENCHMARKS.md, "New pages and render pages").
  @inlinable @inline(__always) mutating func appendCompacting(_ bytes: UnsafeBufferPointer<UInt8>) {
    table.append(contentsOf: bytes) { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }
  }

  /// Appends `count` copies of `byte` (e.g. an indent).
  public mutating func append(repeating byte: UInt8, count: Int) {
    table.append(repeating: byte, count: count)
  }

  /// The bytes written so far.
  public var bytes: [UInt8] {
    table.elements
  }

  /// The bytes written from `start` on, copied out; traps unless `0 <= start <= count`.
  public func bytes(from start: Int) -> [UInt8] {
    precondition(start >= 0 && start <= count, "ByteBuffer index out of range")
    return table.withElements { Array($0[start...]) }
  }

  /// The bytes written so far, as text (they are UTF-8 when only text and JSON were written).
  public var text: String {
    table.withElements { String(decoding: $0, as: UTF8.self) }
  }

  /// The index of the first byte written at or after `start` that satisfies `predicate`, if any; traps unless
  /// `0 <= start <= count`.
  @inlinable public func firstIndex(from start: Int, where predicate: (UInt8) -> Bool) -> Int? {
    table.firstIndex(from: start, where: predicate)
  }

  /// The 8 bytes written from `index` on as one word, the first byte its lowest; traps unless `0 <= index` and
  /// `index + 8 <= count`.
  @inlinable public func word(at index: Int) -> UInt64 {
    table.word(at: index)
  }

  /// Forgets the bytes written from `newCount` on; traps unless `0 <= newCount <= count`.
  public mutating func removeLast(to newCount: Int) {
    table.pop(to: newCount)
  }

  /// Forgets the bytes written, keeping the memory.
  public mutating func removeAll() {
    table.pop(to: 0)
  }

  /// Forgets the last byte written, if any.
  public mutating func removeLast() {
    table.pop(to: max(0, count - 1))
  }

  /// The last byte written, if any.
  public var last: UInt8? {
    count > 0 ? table[count - 1] : nil
  }
}
