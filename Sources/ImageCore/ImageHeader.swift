/// What an image's header declares, read without decoding any pixel: its format, its dimensions and its Exif
/// orientation. The dimensions are those of the picture upright, as it is shown and served (libvips turns it by
/// its orientation): a camera's portrait photo stored as 4032 × 3024 with orientation 6 is 3024 × 4032.
///
///     let header = try ImageHeader(reading: bytes)   // ImageHeader(format: .jpeg, width: 763, height: 905)
///     try header.checkLimits()                       // 413 for a bomb, before any decoding
public struct ImageHeader: Sendable, Hashable {
  /// The format, sniffed from the first bytes.
  public let format: ImageFormat
  /// The width in pixels of the picture upright.
  public let width: Int
  /// The height in pixels of the picture upright.
  public let height: Int
  /// The Exif orientation, 1 to 8 (TIFF's tag 274): 1 when the pixels are stored upright or the file records
  /// none; 5 to 8 turn the picture a quarter, so ``width`` and ``height`` are the stored ones swapped.
  public let orientation: Int

  /// A header of these values (`width` and `height` upright).
  public init(format: ImageFormat, width: Int, height: Int, orientation: Int = 1) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
  }

  /// The header of `bytes`: ``ImageRefusal/Kind/unsupported`` when they are empty or not JPEG, PNG or WebP;
  /// ``ImageRefusal/Kind/unreadable`` when the header is cut short, malformed or declares no size.
  public init(reading bytes: [UInt8]) throws(ImageRefusal) {
    guard !bytes.isEmpty else { throw ImageRefusal(.unsupported, "the image is empty (0 bytes)") }
    guard let format = ImageFormat(sniffing: bytes) else {
      throw ImageRefusal(.unsupported, "the bytes are not a JPEG, PNG or WebP image (by their first bytes)")
    }
    let reader = Reader(bytes: bytes)
    let size: (width: Int, height: Int)?
    switch format {
    case .png: size = reader.png()
    case .jpeg: size = reader.jpeg()
    case .webp: size = reader.webp()
    }
    guard let size else {
      throw ImageRefusal(.unreadable, "the \(format.rawValue.uppercased()) header is cut short or malformed")
    }
    guard size.width > 0, size.height > 0 else {
      throw ImageRefusal(.unreadable, "the \(format.rawValue.uppercased()) header declares no size")
    }
    let orientation = reader.orientation(of: format)
    let turned = orientation >= 5
    self.init(
      format: format, width: turned ? size.height : size.width, height: turned ? size.width : size.height,
      orientation: orientation)
  }

  /// Throws ``ImageRefusal/Kind/tooLarge`` when the declared dimensions exceed ``ImageLimits``.
  public func checkLimits() throws(ImageRefusal) {
    guard width <= ImageLimits.side, height <= ImageLimits.side, width * height <= ImageLimits.pixels else {
      throw ImageRefusal(
        .tooLarge,
        "the image is \(width) × \(height) pixels: at most \(ImageLimits.side) a side and "
          + "\(ImageLimits.pixels / 1_000_000) million in all are taken")
    }
  }

  /// Reads the fields of one format's header; `nil` where the bytes end or do not follow it.
  private struct Reader {
    let bytes: [UInt8]

    func byte(_ offset: Int) -> Int? {
      offset >= 0 && offset < bytes.count ? Int(bytes[offset]) : nil
    }

    func bigEndian16(_ offset: Int) -> Int? {
      guard let high = byte(offset), let low = byte(offset + 1) else { return nil }
      return high << 8 | low
    }

    func bigEndian32(_ offset: Int) -> Int? {
      guard let high = bigEndian16(offset), let low = bigEndian16(offset + 2) else { return nil }
      return high << 16 | low
    }

    func littleEndian(_ offset: Int, bytes count: Int) -> Int? {
      var value = 0
      for index in (0..<count).reversed() {
        guard let next = byte(offset + index) else { return nil }
        value = value << 8 | next
      }
      return value
    }

    func matches(_ text: String, at offset: Int) -> Bool {
      text.utf8.enumerated().allSatisfy { index, expected in byte(offset + index) == Int(expected) }
    }

    /// PNG: the IHDR chunk, which must come first: its width and height, 32 bits each.
    func png() -> (width: Int, height: Int)? {
      guard bigEndian32(8) == 13, matches("IHDR", at: 12), let width = bigEndian32(16),
        let height = bigEndian32(20)
      else { return nil }
      return (width, height)
    }

    /// JPEG: the markers walked from the start to the first frame header (SOF0-SOF15 but DHT, JPG and DAC),
    /// which holds the height and width, 16 bits each; a scan before any frame header is malformed.
    func jpeg() -> (width: Int, height: Int)? {
      var offset = 2
      while true {
        guard byte(offset) == 0xFF else { return nil }
        while byte(offset + 1) == 0xFF { offset += 1 }  // fill bytes
        guard let marker = byte(offset + 1) else { return nil }
        offset += 2
        if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }  // no length
        guard marker != 0xD9, marker != 0xDA, let length = bigEndian16(offset), length >= 2 else { return nil }
        if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
          guard let height = bigEndian16(offset + 3), let width = bigEndian16(offset + 5) else { return nil }
          return (width, height)
        }
        offset += length
      }
    }

    /// The Exif orientation the file records (1 to 8), 1 without one: a JPEG's `APP1` `Exif` segment before its
    /// first scan, a PNG's `eXIf` chunk before its image data, a WebP's `EXIF` chunk — where libvips reads it.
    func orientation(of format: ImageFormat) -> Int {
      let exif: Int?
      switch format {
      case .jpeg: exif = jpegExif()
      case .png: exif = pngExif()
      case .webp: exif = webpExif()
      }
      return exif.map(tiffOrientation(at:)) ?? 1
    }

    /// JPEG: where the TIFF structure of the `APP1` segment starting `Exif\0\0` begins, if any.
    func jpegExif() -> Int? {
      var offset = 2
      while byte(offset) == 0xFF, let marker = byte(offset + 1), marker != 0xDA, marker != 0xD9,
        let length = bigEndian16(offset + 2), length >= 2
      {
        if marker == 0xE1, matches("Exif\0\0", at: offset + 4) { return offset + 10 }
        offset += 2 + length
      }
      return nil
    }

    /// PNG: where the data of the `eXIf` chunk begins, if one comes before `IDAT`.
    func pngExif() -> Int? {
      var offset = 8
      while let length = bigEndian32(offset), !matches("IDAT", at: offset + 4), !matches("IEND", at: offset + 4) {
        if matches("eXIf", at: offset + 4) { return offset + 8 }
        offset += 12 + length
      }
      return nil
    }

    /// WebP: where the data of the `EXIF` chunk begins (after an `Exif\0\0` some writers put first), if any.
    func webpExif() -> Int? {
      var offset = 12
      while let size = littleEndian(offset + 4, bytes: 4), offset + 8 <= bytes.count {
        if matches("EXIF", at: offset) { return matches("Exif\0\0", at: offset + 8) ? offset + 14 : offset + 8 }
        offset += 8 + size + size % 2
      }
      return nil
    }

    /// The orientation (tag 274, a SHORT of 1 to 8) in the first directory of the TIFF structure at `start`
    /// (byte order `II` or `MM`, then 42, then the directory's offset); 1 when it has none.
    func tiffOrientation(at start: Int) -> Int {
      let little = matches("II", at: start)
      guard little || matches("MM", at: start) else { return 1 }
      func short(_ offset: Int) -> Int? {
        little ? littleEndian(start + offset, bytes: 2) : bigEndian16(start + offset)
      }
      func long(_ offset: Int) -> Int? {
        little ? littleEndian(start + offset, bytes: 4) : bigEndian32(start + offset)
      }
      guard short(2) == 42, let directory = long(4), let count = short(directory) else { return 1 }
      for entry in 0..<min(count, 512) {
        let field = directory + 2 + 12 * entry
        guard let tag = short(field) else { return 1 }
        if tag == 274, short(field + 2) == 3, let value = short(field + 8), (1...8).contains(value) { return value }
      }
      return 1
    }

    /// WebP: the first chunk after `RIFF size WEBP`: `VP8X` (the canvas, 24 bits each, minus one), `VP8 ` (a
    /// lossy key frame: its start code, then 14 bits each) or `VP8L` (lossless: its signature, then 14 bits
    /// each, minus one).
    func webp() -> (width: Int, height: Int)? {
      if matches("VP8X", at: 12) {
        guard let width = littleEndian(24, bytes: 3), let height = littleEndian(27, bytes: 3) else { return nil }
        return (width + 1, height + 1)
      }
      if matches("VP8 ", at: 12) {
        guard byte(23) == 0x9D, byte(24) == 0x01, byte(25) == 0x2A, let width = littleEndian(26, bytes: 2),
          let height = littleEndian(28, bytes: 2)
        else { return nil }
        return (width & 0x3FFF, height & 0x3FFF)
      }
      if matches("VP8L", at: 12) {
        guard byte(20) == 0x2F, let bits = littleEndian(21, bytes: 4) else { return nil }
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
      }
      return nil
    }
  }
}
