import FeedPlugins

/// Streams `list --format json`: `{"rows": [` then one row per line as it comes, then `], "next": …}`.
/// Keys keep a stable order (`kind`, `id`, `texts`, `gallery`); absent values are `null`.
struct JSONRowWriter {
  let output: Output
  private var count = 0

  init(output: Output) {
    self.output = output
  }

  /// Writes one row.
  mutating func write(_ row: FeedRow) throws {
    let first = count == 0
    count += 1
    try output.append { bytes in
      JSONText.raw(first ? #"{"rows": ["# : ",", to: &bytes)
      JSONText.raw("\n  {\"kind\": ", to: &bytes)
      JSONText.append(row.kind, to: &bytes)
      JSONText.raw(#", "id": "#, to: &bytes)
      JSONText.append(row.id, to: &bytes)
      JSONText.raw(#", "texts": {"#, to: &bytes)
      for (index, text) in row.texts.enumerated() {
        if index > 0 { JSONText.raw(", ", to: &bytes) }
        JSONText.append(text.name, to: &bytes)
        JSONText.raw(": ", to: &bytes)
        JSONText.append(text.value, to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
      if let gallery = row.gallery {
        JSONText.raw(#", "gallery": ["#, to: &bytes)
        for (index, image) in gallery.enumerated() {
          JSONText.raw(index > 0 ? #", {"image": "# : #"{"image": "#, to: &bytes)
          JSONText.append(image.image, to: &bytes)
          JSONText.raw(#", "overlay": "#, to: &bytes)
          JSONText.append(image.overlay, to: &bytes)
          bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// Closes the array and writes the `next` cursor (`null` when the feed was not cut).
  func finish(next: FeedCursor?) throws {
    try output.append { bytes in
      JSONText.raw(count == 0 ? #"{"rows": [], "next": "# : "\n], \"next\": ", to: &bytes)
      JSONText.append(next?.description, to: &bytes)
      JSONText.raw("}\n", to: &bytes)
    }
  }
}

/// JSON string encoding into a byte buffer (RFC 8259 §7): quotes, backslashes and control characters are
/// escaped; everything else is copied as UTF-8.
enum JSONText {
  private static let hex = Array("0123456789abcdef".utf8)

  /// Appends literal JSON bytes (a fixed key or punctuation) with one copy.
  static func raw(_ literal: StaticString, to bytes: inout [UInt8]) {
    literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends `"text"`, or `null` for `nil`.
  static func append(_ text: String?, to bytes: inout [UInt8]) {
    guard var text else {
      JSONText.raw("null", to: &bytes)
      return
    }
    bytes.append(UInt8(ascii: "\""))
    text.withUTF8 { utf8 in
      // Copy runs of plain bytes in one go; only quotes, backslashes and control characters are escaped.
      var runStart = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(byte, to: &bytes)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""): raw(#"\""#, to: &bytes)
    case UInt8(ascii: "\\"): JSONText.raw(#"\\"#, to: &bytes)
    case UInt8(ascii: "\n"): JSONText.raw(#"\n"#, to: &bytes)
    case UInt8(ascii: "\r"): JSONText.raw(#"\r"#, to: &bytes)
    case UInt8(ascii: "\t"): JSONText.raw(#"\t"#, to: &bytes)
    default:
      JSONText.raw(#"\u00"#, to: &bytes)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}
