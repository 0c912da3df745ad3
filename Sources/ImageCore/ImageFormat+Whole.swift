extension ImageFormat {
  /// Whether `bytes` (which sniff as this format) hold the whole file their structure declares, read without
  /// decoding: a PNG's chunks follow one another to its `IEND` chunk; a JPEG has its end-of-image marker
  /// (`FF D9`) after its first scan (in a scan's data an `FF` is always followed by `00` or a restart marker);
  /// a WebP holds the bytes its RIFF header counts. A file cut short fails; decoding would only show grey.
  public func isWhole(_ bytes: [UInt8]) -> Bool {
    switch self {
    case .png: Self.pngEnds(bytes)
    case .jpeg: Self.jpegEnds(bytes)
    case .webp: Self.webpEnds(bytes)
    }
  }

  private static func pngEnds(_ bytes: [UInt8]) -> Bool {
    var offset = 8
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let type = bytes[offset + 4..<offset + 8]
      offset += 12 + length  // length, type, data, CRC
      guard offset <= bytes.count else { return false }
      if type.elementsEqual("IEND".utf8) { return true }
    }
    return false
  }

  private static func jpegEnds(_ bytes: [UInt8]) -> Bool {
    // From the end back to the first scan: a whole file's end marker is found at once (its last two bytes, or
    // just before some trailing bytes).
    var scan = 2
    while scan + 1 < bytes.count, !(bytes[scan] == 0xFF && bytes[scan + 1] == 0xDA) { scan += 1 }
    var end = bytes.count - 2
    while end > scan + 1 {
      if bytes[end] == 0xFF && bytes[end + 1] == 0xD9 { return true }
      end -= 1
    }
    return false
  }

  private static func webpEnds(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 12 else { return false }
    let size = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
    return bytes.count >= 8 + size
  }
}
