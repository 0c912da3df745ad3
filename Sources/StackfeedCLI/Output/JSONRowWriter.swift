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
      bytes.append(contentsOf: first ? #"{"rows": ["#.utf8 : ",".utf8)
      bytes.append(contentsOf: "\n  {\"kind\": ".utf8)
      JSONText.append(row.kind, to: &bytes)
      bytes.append(contentsOf: #", "id": "#.utf8)
      JSONText.append(row.id, to: &bytes)
      bytes.append(contentsOf: #", "texts": {"#.utf8)
      for (index, text) in row.texts.enumerated() {
        if index > 0 { bytes.append(contentsOf: ", ".utf8) }
        JSONText.append(text.name, to: &bytes)
        bytes.append(contentsOf: ": ".utf8)
        JSONText.append(text.value, to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
      if let gallery = row.gallery {
        bytes.append(contentsOf: #", "gallery": ["#.utf8)
        for (index, image) in gallery.enumerated() {
          bytes.append(contentsOf: (index > 0 ? #", {"image": "# : #"{"image": "#).utf8)
          JSONText.append(image.image, to: &bytes)
          bytes.append(contentsOf: #", "overlay": "#.utf8)
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
      bytes.append(contentsOf: (count == 0 ? #"{"rows": [], "next": "# : "\n], \"next\": ").utf8)
      JSONText.append(next?.description, to: &bytes)
      bytes.append(contentsOf: "}\n".utf8)
    }
  }
}

/// JSON string encoding into a byte buffer (RFC 8259 §7): quotes, backslashes and control characters are
/// escaped; everything else is copied as UTF-8.
enum JSONText {
  private static let hex = Array("0123456789abcdef".utf8)

  /// Appends `"text"`, or `null` for `nil`.
  static func append(_ text: String?, to bytes: inout [UInt8]) {
    guard var text else {
      bytes.append(contentsOf: "null".utf8)
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
    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
    case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
    case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
    case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
    default:
      bytes.append(contentsOf: #"\u00"#.utf8)
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}
