/// Images carrying an Exif orientation, made in the tests from upright fixtures: the smallest TIFF structure
/// holding only tag 274 (orientation), put where each format keeps it.
public enum ExifOrientation {
  /// A TIFF structure (byte order `MM` or `II`) whose first directory holds the orientation `value` alone.
  public static func tiff(_ value: UInt8, littleEndian: Bool = false) -> [UInt8] {
    let big: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, value, 0, 0, 0, 0, 0, 0]
    guard littleEndian else { return big }
    return [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, value, 0, 0, 0, 0, 0, 0, 0]
  }

  /// `jpeg` with an `APP1` `Exif` segment recording orientation `value` right after its start marker.
  public static func jpeg(_ jpeg: [UInt8], _ value: UInt8, littleEndian: Bool = false) -> [UInt8] {
    let payload = Array("Exif".utf8) + [0, 0] + tiff(value, littleEndian: littleEndian)
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
  }

  /// `png` with an `eXIf` chunk recording orientation `value` after its `IHDR` (the chunk's CRC left zero: a
  /// header reader does not check it).
  public static func png(_ png: [UInt8], _ value: UInt8) -> [UInt8] {
    let data = tiff(value)
    let chunk = [0, 0, 0, UInt8(data.count)] + Array("eXIf".utf8) + data + [0, 0, 0, 0]
    return Array(png.prefix(33)) + chunk + png.dropFirst(33)
  }

  /// `webp` (an extended, `VP8X` file) with an `EXIF` chunk recording orientation `value` at its end instead of
  /// any it had, its RIFF size and `VP8X` flags updated.
  public static func webp(_ webp: [UInt8], _ value: UInt8) -> [UInt8] {
    var chunks = Array(webp.prefix(12))
    var offset = 12
    while offset + 8 <= webp.count {
      let size = webp[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
      let end = min(webp.count, offset + 8 + size + size % 2)
      if !webp[offset..<offset + 4].elementsEqual("EXIF".utf8) { chunks += webp[offset..<end] }
      offset = end
    }
    let data = tiff(value, littleEndian: true)
    var bytes = chunks + Array("EXIF".utf8) + [UInt8(data.count), 0, 0, 0] + data
    let size = bytes.count - 8
    bytes[4..<8] = [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)]
    bytes[20] |= 0x08  // the VP8X flag: EXIF metadata present
    return bytes
  }
}
