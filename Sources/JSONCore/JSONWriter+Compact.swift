extension JSONWriter {
  /// `document` without its insignificant whitespace (RFC 8259 §2: spaces, tabs, line feeds and carriage
  /// returns outside strings), the same JSON value in the fewest bytes; strings are copied as they are. The
  /// HTTP API sends its documents this way unless asked for `pretty=1`: the answers whose writers have a
  /// ``JSONStyle/compact`` style are written so at once, the others with the writers the CLI prints with and
  /// compacted here afterwards, so both forms show the same values. `document` is expected to be JSON; other
  /// bytes are copied with the whitespace outside quotes removed.
  ///
  ///     JSONWriter.compact(Array("{\"a\": [1, 2],\n \"b\": \" c \"}\n".utf8))   // {"a":[1,2],"b":" c "}
  public static func compact(_ document: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(document.count)
    var inString = false
    var escaped = false
    for byte in document {
      if inString {
        out.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
      case UInt8(ascii: "\""): inString = true
      default: break
      }
      out.append(byte)
    }
    return out
  }
}
