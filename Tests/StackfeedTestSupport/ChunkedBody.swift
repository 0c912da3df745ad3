/// A `Transfer-Encoding: chunked` body (RFC 9112, section 7.1) read as it arrives: bytes in, the data of each
/// whole chunk out. A malformed body throws, naming what is wrong, so that a broken stream fails its test instead
/// of reading as a clean end.
public struct ChunkedBody {
  /// Whether the last chunk (size 0) has arrived: the body ended cleanly.
  public private(set) var ended = false
  private var raw: [UInt8] = []

  /// Nothing read yet.
  public init() {}

  /// Adds `bytes` and returns the data of the chunks they made whole, in order. Throws on a size line that is not
  /// hexadecimal, on a chunk's data not followed by CRLF, on trailer fields (our server sends none), and on bytes
  /// after the last chunk.
  public mutating func append(_ bytes: [UInt8]) throws -> [UInt8] {
    guard !ended || bytes.isEmpty else {
      throw HTTPClientError(text: "\(bytes.count) bytes after the chunked body's last chunk")
    }
    raw += bytes
    var data: [UInt8] = []
    var start = 0
    while let lineEnd = Self.lineEnd(in: raw, from: start) {
      let line = String(decoding: raw[start..<lineEnd], as: UTF8.self)
      let digits = line.prefix { $0 != ";" }
      guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let size = Int(digits, radix: 16) else {
        throw HTTPClientError(text: "a chunk's size line is not hexadecimal: \(line.debugDescription)")
      }
      let dataStart = lineEnd + 2
      guard raw.count >= dataStart + size + 2 else { break }
      guard raw[dataStart + size] == 13, raw[dataStart + size + 1] == 10 else {
        throw HTTPClientError(
          text: size == 0
            ? "trailer fields after the last chunk" : "a chunk of \(size) bytes is not followed by CRLF")
      }
      start = dataStart + size + 2
      if size == 0 {
        ended = true
        guard start == raw.count else {
          throw HTTPClientError(text: "\(raw.count - start) bytes after the chunked body's last chunk")
        }
        break
      }
      data += raw[dataStart..<(dataStart + size)]
    }
    raw.removeFirst(start)
    return data
  }

  /// Where the CRLF after `start` begins, if one has arrived.
  private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= start + 2 else { return nil }
    return (start..<(bytes.count - 1)).first { bytes[$0] == 13 && bytes[$0 + 1] == 10 }
  }
}
