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
