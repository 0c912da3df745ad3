import JSONCore

/// Where a view model's formatter writes a text: a `String` (the view models' own texts), or a byte buffer the
/// text goes into as it is made — the server's JSON rows, escaped where they are written
/// (`JSONWriter.escape(writtenFrom:in:)`) — so that the same formatter makes the text for both, and a text read
/// from a database row reaches the page without a `String` between them.
///
///     var title = ""
///     FeedItemViewModel.title("Press reset", to: &title)   // "PRESS RESET"
public protocol TextOutput: ~Copyable {
  /// Appends `text` (`String` has it as a `TextOutputStream`).
  mutating func write(_ text: String)
  /// Appends the UTF-8 text `bytes` (valid UTF-8), each byte mapped by `transform` first; `transform` maps an
  /// ASCII byte to an ASCII byte and leaves every other byte as it is, so the text stays valid UTF-8.
  mutating func write(utf8 bytes: Span<UInt8>, mapping transform: (UInt8) -> UInt8)
}

extension TextOutput where Self: ~Copyable {
  /// Appends the UTF-8 text `bytes` (valid UTF-8) as it is.
  @inlinable public mutating func write(utf8 bytes: Span<UInt8>) {
    write(utf8: bytes) { $0 }
  }

  /// Appends the UTF-8 text `bytes` (valid UTF-8) upper-cased as `String.uppercased()` upper-cases it (Unicode's
  /// full default case mapping, no locale): an ASCII text byte by byte (`a`–`z` as `A`–`Z`, which is what that
  /// mapping does to ASCII), any other through `uppercased()` itself.
  @inlinable public mutating func writeUppercased(utf8 bytes: Span<UInt8>) {
    if Self.isASCII(bytes) {
      write(utf8: bytes) { $0 &- (($0 &- UInt8(ascii: "a")) < 26 ? 0x20 : 0) }
    } else {
      var text = ""
      text.write(utf8: bytes)
      write(text.uppercased())
    }
  }

  /// Whether every byte of `bytes` is ASCII.
  @inlinable static func isASCII(_ bytes: Span<UInt8>) -> Bool {
    var any: UInt8 = 0
    for index in bytes.indices { any |= bytes[index] }
    return any < 0x80
  }
}

extension String: TextOutput {
  /// Appends the UTF-8 text `bytes`, each byte mapped by `transform` first.
  @inlinable public mutating func write(utf8 bytes: Span<UInt8>, mapping transform: (UInt8) -> UInt8) {
    var mapped: [UInt8] = []
    mapped.reserveCapacity(bytes.count)
    for index in bytes.indices { mapped.append(transform(bytes[index])) }
    append(String(decoding: mapped, as: UTF8.self))
  }
}

extension ByteBuffer: TextOutput {
  /// Appends `text`'s UTF-8 bytes.
  @inlinable public mutating func write(_ text: String) {
    append(text)
  }

  /// Appends the bytes, each mapped by `transform` first.
  @inlinable public mutating func write(utf8 bytes: Span<UInt8>, mapping transform: (UInt8) -> UInt8) {
    append(bytes, mapping: transform)
  }
}
