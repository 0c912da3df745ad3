import Foundation

/// ICC colour profiles in JPEG files, for the tests of a tile's colour: the Display P3 profile the reference
/// photos carry, put into or taken out of a JPEG's `APP2` `ICC_PROFILE` segments, and the reference conversion of
/// a Display P3 colour to sRGB that the tiles are checked against.
public enum ColourProfile {
  /// What starts an `APP2` segment's payload holding (a part of) an ICC profile.
  public static let marker = Array("ICC_PROFILE".utf8) + [0]

  /// The Display P3 profile of the reference photo reset.jpg (Apple's, 548 bytes).
  public static func displayP3() throws -> [UInt8] {
    let photo = [UInt8](
      try Data(contentsOf: RepositoryFiles.root.appendingPathComponent("Seeds/account/images/reset.jpg")))
    let profile = profileSegments(photo).flatMap { photo[$0.payload].dropFirst(marker.count + 2) }
    guard !profile.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
    return profile
  }

  /// `jpeg` with `profile` in one `APP2` segment right after its start marker.
  public static func jpeg(_ jpeg: [UInt8], tagged profile: [UInt8]) -> [UInt8] {
    let payload = marker + [1, 1] + profile
    let length = payload.count + 2
    return [0xFF, 0xD8, 0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
  }

  /// `webp` (an extended file: `VP8X` first) with `profile` in an `ICCP` chunk after its `VP8X`, which then says
  /// so, its RIFF size updated.
  public static func webp(_ webp: [UInt8], tagged profile: [UInt8]) -> [UInt8] {
    precondition(webp[12..<16].elementsEqual("VP8X".utf8), "an extended WebP")
    let size = profile.count
    let chunk = Array("ICCP".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), 0]
    var bytes = Array(webp.prefix(30)) + chunk + profile + (size % 2 == 1 ? [0] : []) + webp.dropFirst(30)
    let riff = bytes.count - 8
    bytes[4..<8] = [UInt8(riff & 0xFF), UInt8(riff >> 8 & 0xFF), UInt8(riff >> 16 & 0xFF), UInt8(riff >> 24)]
    bytes[20] |= 0x20  // the VP8X flag: ICC profile present
    return bytes
  }

  /// `profile` with another creation date (the header's bytes 24 … 35): the same colours, other bytes.
  public static func redated(_ profile: [UInt8], _ day: UInt8) -> [UInt8] {
    var bytes = profile
    bytes[29] = day  // the day of the month, a 16-bit number from byte 28
    return bytes
  }

  /// `jpeg` without its `APP2` `ICC_PROFILE` segments.
  public static func withoutProfile(_ jpeg: [UInt8]) -> [UInt8] {
    var kept = jpeg
    for segment in profileSegments(jpeg).reversed() { kept.removeSubrange(segment.whole) }
    return kept
  }

  /// Whether `image` (a JPEG, or a WebP by its `ICCP` chunk) carries a colour profile.
  public static func carriesProfile(_ image: [UInt8]) -> Bool {
    guard image.starts(with: [0xFF, 0xD8]) else { return image.firstRange(of: Array("ICCP".utf8)) != nil }
    return !profileSegments(image).isEmpty
  }

  /// The sRGB values (0 … 255) of the Display P3 colour `p3`: both have the D65 white and the sRGB transfer
  /// curve, so the linear values go through the primaries' matrix; colours outside sRGB are clipped, as a
  /// relative colorimetric conversion does.
  public static func srgb(fromDisplayP3 p3: [Double]) -> [Double] {
    let matrix: [[Double]] = [
      [1.2249401, -0.2249404, 0], [-0.0420569, 1.0420571, 0], [-0.0196376, -0.0786361, 1.0982735],
    ]
    let linear = p3.map { value in
      let encoded = value / 255
      return encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
    }
    return matrix.map { row in
      let value = min(1, max(0, zip(row, linear).map(*).reduce(0, +)))
      return 255 * (value <= 0.0031308 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055)
    }
  }

  /// The red, green and blue of a `#rrggbb` colour (an image's average, `CheckedImage`'s placeholder).
  public static func channels(_ hex: String) -> [Double] {
    let digits = hex.dropFirst()
    return stride(from: 0, to: 6, by: 2).map { Double(Int(digits.dropFirst($0).prefix(2), radix: 16) ?? -1) }
  }

  /// Whether each of `measured`'s channels is within 6 of `expected`'s: a JPEG's error on a plain colour.
  public static func isClose(_ measured: [Double], to expected: [Double]) -> Bool {
    measured.count == expected.count && zip(measured, expected).allSatisfy { abs($0 - $1) <= 6 }
  }

  /// A JPEG's `APP2` segments holding an ICC profile (before its scan): where each is, and where its payload is.
  private static func profileSegments(_ jpeg: [UInt8]) -> [(whole: Range<Int>, payload: Range<Int>)] {
    var found: [(whole: Range<Int>, payload: Range<Int>)] = []
    var offset = 2
    while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
      let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
      let end = min(jpeg.count, offset + 2 + length)
      if jpeg[offset + 1] == 0xE2, jpeg[offset + 4..<end].starts(with: marker) {
        found.append((offset..<end, offset + 4..<end))
      }
      offset = end
    }
    return found
  }
}
