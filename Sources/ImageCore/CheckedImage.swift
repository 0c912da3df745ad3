import JSONCore

/// An image's bytes checked the one way the store takes them (`PUT /v1/images/{name}` and `seed`'s `images/`):
/// at most ``ImageLimits/bytes``; JPEG, PNG or WebP by their first bytes; dimensions from the header within
/// ``ImageLimits`` before anything decodes it; whole (``ImageFormat/isWhole(_:)``: not cut short); then decoded
/// whole by libvips into a small thumbnail, which refuses a corrupt file and gives the average colour.
///
///     let checked = try CheckedImage(bytes)   // .header.width, .placeholder "#8c7b6a"
public struct CheckedImage: Sendable, Hashable {
  /// The placeholder of an image checked without libvips, which cannot average it: mid grey.
  public static let greyPlaceholder = "#808080"

  /// What the header declares.
  public let header: ImageHeader
  /// The average colour, `#rrggbb`; ``greyPlaceholder`` when libvips is missing (the bytes are then checked by
  /// their header only).
  public let placeholder: String

  /// Checks `bytes`; throws the ``ImageRefusal`` of the first check they fail.
  public init(_ bytes: [UInt8]) throws(ImageRefusal) {
    guard bytes.count <= ImageLimits.bytes else {
      throw ImageRefusal(
        .tooLarge, "the image is \(bytes.count) bytes: at most \(ImageLimits.bytes) (\(ImageLimits.bytes >> 20) MiB)")
    }
    header = try ImageHeader(reading: bytes)
    try header.checkLimits()
    guard header.format.isWhole(bytes) else {
      throw ImageRefusal(.unreadable, "the \(header.format.rawValue.uppercased()) file is cut short (truncated)")
    }
    placeholder = try Vips.averageColour(of: bytes).map(Self.hex) ?? Self.greyPlaceholder
  }

  /// `#rrggbb` of a colour, by JSONCore's hex writer.
  static func hex(_ colour: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
    var text = ByteBuffer(capacity: 7)
    text.append(literal: "#")
    text.append(hex: UInt64(colour.red) << 16 | UInt64(colour.green) << 8 | UInt64(colour.blue), digits: 6)
    return text.text
  }
}
